import { describe, expect, it } from 'vitest';
import { parseConfig } from './config.ts';
import { createLogger, redact, REDACTED, type LoggerSettings, type LogSink } from './log.ts';

const DB_PASSWORD = 'pg-Pa55word-9f8e7d';
const OPENAI_KEY = 'sk-proj-9Yk3Hq7TzW1mN4bV6cX8aS2dF0gJ5lK';
const S3_SECRET = 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY';
const ADMIN_PASSWORD = 'correct horse battery staple';
const SESSION_TOKEN = 'Qm9vZ2llV29vZ2llLUFfMTIzNDU2Nzg5MGFiY2RlZmc'; // 43 base64url characters

const env = {
  DATABASE_URL: `postgres://legenda:${DB_PASSWORD}@db.internal:5432/legenda`,
  OPENAI_API_KEY: OPENAI_KEY,
  ADMIN_PASSWORD,
  BLOB_STORE: 's3',
  S3_ENDPOINT: 'https://s3.eu-west-3.amazonaws.com',
  S3_BUCKET: 'legenda-media',
  S3_REGION: 'eu-west-3',
  S3_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE',
  S3_SECRET_ACCESS_KEY: S3_SECRET,
  LOG_FORMAT: 'json',
};

function capture(settings: LoggerSettings) {
  const lines: { stream: string; line: string }[] = [];
  const sink: LogSink = (stream, line) => lines.push({ stream, line });
  const log = createLogger(settings, { sink, now: () => new Date('2026-03-01T10:00:00.000Z') });
  return { log, lines };
}

const SECRETS = [DB_PASSWORD, OPENAI_KEY, S3_SECRET, ADMIN_PASSWORD, SESSION_TOKEN];

function expectNoSecret(text: string) {
  for (const secret of SECRETS) expect(text).not.toContain(secret);
  // Nor their halves: a secret cut in two by an escape would still leak.
  for (const secret of SECRETS) expect(text).not.toContain(secret.slice(0, 12));
}

describe('JSON logs', () => {
  it('print one object a line: time, level, msg and the fields given', () => {
    const { log, lines } = capture({ logLevel: 'debug', logFormat: 'json' });
    log.info('Started', { port: 4321, museums: ['a', 'b'] });
    log.debug('Details\nover two lines');
    log.warn('Slow');
    log.error('Broken', 'plain extra');
    expect(lines.map((l) => l.stream)).toEqual(['stdout', 'stdout', 'stderr', 'stderr']);
    for (const { line } of lines) expect(line).not.toContain('\n');
    expect(lines.map((l) => JSON.parse(l.line))).toEqual([
      {
        time: '2026-03-01T10:00:00.000Z',
        level: 'info',
        msg: 'Started',
        port: 4321,
        museums: ['a', 'b'],
      },
      { time: '2026-03-01T10:00:00.000Z', level: 'debug', msg: 'Details\nover two lines' },
      { time: '2026-03-01T10:00:00.000Z', level: 'warn', msg: 'Slow' },
      { time: '2026-03-01T10:00:00.000Z', level: 'error', msg: 'Broken', extra: 'plain extra' },
    ]);
  });

  it('keep their own time, level and msg when a field has the same name', () => {
    const { log, lines } = capture({ logLevel: 'info', logFormat: 'json' });
    log.info('Real', { msg: 'fake', level: 'debug', other: 1 });
    expect(JSON.parse(lines[0]!.line)).toEqual({
      time: '2026-03-01T10:00:00.000Z',
      level: 'info',
      msg: 'Real',
      'extra.msg': 'fake',
      'extra.level': 'debug',
      other: 1,
    });
  });

  it('log an Error as name, message and stack, with its code and cause', () => {
    const { log, lines } = capture({ logLevel: 'info', logFormat: 'json' });
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
    log.error('GET /api/tree failed', new TypeError('fetch failed', { cause }));
    const entry = JSON.parse(lines[0]!.line) as { error: Record<string, unknown> };
    expect(entry.error).toMatchObject({
      name: 'TypeError',
      message: 'fetch failed',
      cause: {
        name: 'Error',
        message: 'connect ECONNREFUSED 127.0.0.1:5432',
        code: 'ECONNREFUSED',
      },
    });
    expect(entry.error.stack).toMatch(/^TypeError: fetch failed\n\s+at /);
  });

  it('stay quiet below the level', () => {
    const { log, lines } = capture({ logLevel: 'warn', logFormat: 'json' });
    log.debug('a');
    log.info('b');
    log.warn('c');
    expect(lines).toHaveLength(1);
    const silent = capture({ logLevel: 'silent', logFormat: 'json' });
    silent.log.error('d');
    expect(silent.lines).toEqual([]);
  });
});

describe('no secret in any log', () => {
  it('a whole configuration logged by mistake shows none of its secrets', () => {
    const config = parseConfig(env);
    for (const format of ['json', 'text'] as const) {
      const { log, lines } = capture({ ...config, logFormat: format });
      log.info('Settings', config);
      log.info('Environment', env);
      log.warn(`Could not reach ${env.DATABASE_URL}`);
      const text = lines.map((l) => l.line).join('\n');
      expectNoSecret(text);
      expect(text).toContain('db.internal:5432');
      expect(text).toContain(REDACTED);
    }
  });

  it('even without the settings: secret-named fields, URL passwords, tokens, cookies', () => {
    const { log, lines } = capture({ logLevel: 'info', logFormat: 'json' });
    log.info('Request', {
      method: 'POST',
      headers: new Headers({
        cookie: `legenda_session=${SESSION_TOKEN}; lang=en`,
        authorization: `Bearer ${OPENAI_KEY}`,
        'content-type': 'application/json',
      }),
      body: { email: 'a@b.example', password: ADMIN_PASSWORD, newPassword: ADMIN_PASSWORD },
      DATABASE_URL: env.DATABASE_URL,
      OPENAI_API_KEY: OPENAI_KEY,
      s3: { secretAccessKey: S3_SECRET, accessKeyId: 'AKIAIOSFODNN7EXAMPLE' },
      apiKey: OPENAI_KEY,
      sessionToken: SESSION_TOKEN,
      note: `token was ${SESSION_TOKEN}.`,
      setCookie: `__Host-legenda_session=${SESSION_TOKEN}; Path=/; HttpOnly`,
    });
    const entry = JSON.parse(lines[0]!.line) as Record<string, unknown>;
    expectNoSecret(lines[0]!.line);
    expect(entry).toMatchObject({
      method: 'POST',
      headers: { cookie: REDACTED, authorization: REDACTED, 'content-type': 'application/json' },
      body: { email: 'a@b.example', password: REDACTED, newPassword: REDACTED },
      DATABASE_URL: `postgres://legenda:${REDACTED}@db.internal:5432/legenda`,
      OPENAI_API_KEY: REDACTED,
      s3: { secretAccessKey: REDACTED, accessKeyId: REDACTED },
      apiKey: REDACTED,
      sessionToken: REDACTED,
      note: `token was ${REDACTED}.`,
      setCookie: REDACTED,
    });
  });

  it('in messages and Error messages and stacks too', () => {
    const config = parseConfig(env);
    const { log, lines } = capture(config);
    const error = new Error(`auth failed for ${env.DATABASE_URL} with key ${OPENAI_KEY}`);
    log.error(`engine refused Authorization: Bearer ${OPENAI_KEY}`, error);
    log.warn(`secret ${S3_SECRET} and cookie legenda_session=${SESSION_TOKEN}`);
    const text = lines.map((l) => l.line).join('\n');
    expectNoSecret(text);
    expect(JSON.parse(lines[0]!.line)).toMatchObject({
      msg: `engine refused Authorization: Bearer ${REDACTED}`,
      error: {
        message: `auth failed for postgres://legenda:${REDACTED}@db.internal:5432/legenda with key ${REDACTED}`,
      },
    });
  });

  it('leaves ordinary text alone: article urls, blob keys, short codes, plain URLs', () => {
    const ordinary = {
      msg: 'GET /article?name=the-history-of-the-museum-and-its-collections failed',
      key: 'translations/7/3-es',
      code: 'DemoLegend',
      url: 'http://localhost:4321/r/DemoLegend',
      db: 'postgres://legenda@127.0.0.1:1/legenda',
      count: 3,
      empty: { password: '', token: null },
      secureCookies: true,
      tokenCount: 3,
    };
    expect(redact(ordinary)).toEqual(ordinary);
  });

  it('survives cycles, bytes and odd values', () => {
    const loop: Record<string, unknown> = { name: 'loop' };
    loop.self = loop;
    expect(
      redact({
        loop,
        bytes: new Uint8Array(5),
        big: 10n,
        when: new Date('2026-01-02T03:04:05Z'),
        fn: () => 1,
        map: new Map([['token', 'x']]),
      }),
    ).toEqual({
      loop: { name: 'loop', self: '[circular]' },
      bytes: '[5 bytes]',
      big: '10',
      when: '2026-01-02T03:04:05.000Z',
      fn: undefined,
      map: { token: REDACTED },
    });
  });
});

describe('text logs', () => {
  it('keep the [legenda] lines of npm start, with extras on the same line and stacks after', () => {
    const { log, lines } = capture({ logLevel: 'info' });
    log.info('Legenda is running at http://localhost:4321');
    log.warn('Slow', { ms: 1200, password: 'x'.repeat(12) });
    log.error('Broken', new Error('boom'));
    expect(lines[0]).toEqual({
      stream: 'stdout',
      line: '[legenda] Legenda is running at http://localhost:4321',
    });
    expect(lines[1]).toEqual({
      stream: 'stderr',
      line: `[legenda] warn: Slow { ms: 1200, password: '${REDACTED}' }`,
    });
    expect(lines[2]!.stream).toBe('stderr');
    expect(lines[2]!.line).toMatch(/^\[legenda\] error: Broken\nError: boom\n\s+at /);
  });

  it('accept a bare level, as before', () => {
    const lines: string[] = [];
    createLogger('warn', { sink: (_s, line) => lines.push(line) }).warn('x');
    expect(lines).toEqual(['[legenda] warn: x']);
  });
});
