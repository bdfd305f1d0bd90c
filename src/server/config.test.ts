import { afterEach, describe, expect, it, vi } from 'vitest';
import { loadTestSettings, parseConfig } from './config.ts';
import { ConfigError, SITE_DEFAULTS } from './config/schema.ts';

describe('settings', () => {
  it('runs locally with no setting at all', () => {
    const config = parseConfig({});
    expect(config.port).toBe(4321);
    expect(config.publicSiteUrl).toBe('http://localhost:4321');
    expect(config.secureCookies).toBe(false);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.dataDir).toMatch(/data$/);
    expect(config.admin.museum).toBe('Mon musée');
    expect(config.maxVideoBytes).toBe(50 * 1024 * 1024);
    expect(config.maxAudioBytes).toBe(20 * 1024 * 1024);
  });

  it('takes MAX_AUDIO_MB in whole megabytes from 1, naming it when wrong', () => {
    expect(parseConfig({ MAX_AUDIO_MB: '5' }).maxAudioBytes).toBe(5 * 1024 * 1024);
    for (const value of ['0', '2.5', 'lots']) {
      expect(() => parseConfig({ MAX_AUDIO_MB: value }), value).toThrow(/MAX_AUDIO_MB/);
    }
  });

  it('looks for planned publishes every minute unless told, never more than once a second', () => {
    expect(parseConfig({}).publishCheckMs).toBe(60_000);
    expect(parseConfig({ PUBLISH_CHECK_MS: '1000' }).publishCheckMs).toBe(1000);
    for (const value of ['10', '0', 'soon']) {
      expect(() => parseConfig({ PUBLISH_CHECK_MS: value }), value).toThrow(/PUBLISH_CHECK_MS/);
    }
  });

  it('uses secure cookies behind an https address and drops a trailing slash', () => {
    const config = parseConfig({ PUBLIC_SITE_URL: 'https://app.legenda.example/' });
    expect(config.publicSiteUrl).toBe('https://app.legenda.example');
    expect(config.secureCookies).toBe(true);
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://x@y/z'],
    ['PUBLIC_SITE_URL', 'ftp://example.org'],
    ['ADMIN_EMAIL', 'not-an-email'],
    ['ADMIN_PASSWORD', 'short'],
    ['LOG_LEVEL', 'loud'],
    ['BLOB_STORE', 'floppy'],
    ['LOG_FORMAT', 'yaml'],
    ['S3_ENDPOINT', 'ftp://s3.example'],
    ['S3_BUCKET', 'Not_A_Bucket'],
    ['TRUST_PROXY', 'maybe'],
    ['TRANSLATION_REVIEW', 'yes'],
    ['TRANSLATION_LANGUAGE_CHECK', 'true'],
  ])('stops with a message naming %s when it is %j', (name, value) => {
    let error: unknown;
    try {
      parseConfig({ [name]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).message).toContain(name);
  });

  it('asks no second opinion and checks the language of translations unless told', () => {
    expect(parseConfig({}).openai).toMatchObject({ review: false, languageCheck: true });
    const told = parseConfig({ TRANSLATION_REVIEW: 'on', TRANSLATION_LANGUAGE_CHECK: 'off' });
    expect(told.openai).toMatchObject({ review: true, languageCheck: false });
  });

  it('treats empty values as unset', () => {
    const config = parseConfig({ DATABASE_URL: '', ADMIN_EMAIL: '', OPENAI_API_KEY: '' });
    expect(config.databaseUrl).toBeUndefined();
    expect(config.admin.email).toBeUndefined();
  });
});

describe('the public site settings', () => {
  it('default to a working site without a booking page', () => {
    const { site } = parseConfig({ PUBLIC_SITE_URL: 'https://legenda.example/' });
    expect(site.url).toBe('https://legenda.example');
    expect(site.bookingUrl).toBeUndefined();
    expect(site.contactEmail).toBe(SITE_DEFAULTS.contactEmail);
    expect(site.founder).toEqual({
      name: SITE_DEFAULTS.founderName,
      email: SITE_DEFAULTS.contactEmail,
    });
    expect(site.professionalNetworkUrl).toBe(SITE_DEFAULTS.professionalNetworkUrl);
  });

  it('take the addresses given, the founder writing from the contact address unless told', () => {
    const { site } = parseConfig({
      PUBLIC_BOOKING_URL: 'https://calendly.com/legenda/demo',
      CONTACT_EMAIL: 'hello@museum.example',
      FOUNDER_NAME: 'Ana Lima',
    });
    expect(site.bookingUrl).toBe('https://calendly.com/legenda/demo');
    expect(site.founder).toEqual({ name: 'Ana Lima', email: 'hello@museum.example' });
  });

  it('refuse addresses that are not addresses, naming the setting', () => {
    const problems = (env: Record<string, string>) => {
      try {
        parseConfig(env);
        return [];
      } catch (error) {
        return (error as ConfigError).problems.map((p) => p.split(':')[0]);
      }
    };
    expect(problems({ CONTACT_EMAIL: 'not an email' })).toEqual(['CONTACT_EMAIL']);
    expect(problems({ FOUNDER_EMAIL: '<script>' })).toEqual(['FOUNDER_EMAIL']);
    expect(problems({ PUBLIC_BOOKING_URL: 'javascript:alert(1)' })).toEqual(['PUBLIC_BOOKING_URL']);
    expect(problems({ PROFESSIONAL_NETWORK_URL: 'linkedin' })).toEqual([
      'PROFESSIONAL_NETWORK_URL',
    ]);
  });
});

describe('the S3 blob store settings', () => {
  const s3 = {
    BLOB_STORE: 's3',
    S3_ENDPOINT: 'https://s3.eu-west-3.amazonaws.com',
    S3_BUCKET: 'legenda-media',
    S3_REGION: 'eu-west-3',
    S3_ACCESS_KEY_ID: 'AKIAIOSFODNN7EXAMPLE',
    S3_SECRET_ACCESS_KEY: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
  };
  const problems = (env: Record<string, string>) => {
    try {
      parseConfig(env);
      return [];
    } catch (error) {
      return (error as ConfigError).problems;
    }
  };

  it('give the bucket with BLOB_STORE=s3', () => {
    expect(parseConfig(s3)).toMatchObject({
      blobStore: 's3',
      s3: {
        endpoint: 'https://s3.eu-west-3.amazonaws.com',
        bucket: 'legenda-media',
        region: 'eu-west-3',
        accessKeyId: 'AKIAIOSFODNN7EXAMPLE',
        secretAccessKey: 'wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY',
      },
    });
    expect(parseConfig({}).s3).toBeUndefined();
  });

  it('name every one missing when BLOB_STORE=s3, without printing the secret', () => {
    expect(problems({ BLOB_STORE: 's3' })).toEqual([
      'S3_ENDPOINT: required when BLOB_STORE=s3',
      'S3_BUCKET: required when BLOB_STORE=s3',
      'S3_REGION: required when BLOB_STORE=s3',
      'S3_ACCESS_KEY_ID: required when BLOB_STORE=s3',
      'S3_SECRET_ACCESS_KEY: required when BLOB_STORE=s3',
    ]);
    const { S3_REGION: _region, ...withoutRegion } = s3;
    const found = problems({ ...withoutRegion, S3_SECRET_ACCESS_KEY: s3.S3_SECRET_ACCESS_KEY });
    expect(found).toEqual(['S3_REGION: required when BLOB_STORE=s3']);
    expect(found.join()).not.toContain(s3.S3_SECRET_ACCESS_KEY);
  });

  it('refuse S3_ settings without BLOB_STORE=s3, which would silently store on local disk', () => {
    const { BLOB_STORE: _store, ...settings } = s3;
    expect(problems(settings)).toEqual([
      'BLOB_STORE: must be s3 to use S3_ENDPOINT, S3_BUCKET, S3_REGION, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (or leave the S3_ settings unset)',
    ]);
    // An explicit choice of another store is respected.
    expect(parseConfig({ ...settings, BLOB_STORE: 'fs' }).s3).toBeUndefined();
  });
});

describe('the log settings', () => {
  it('default to text lines, and take json', () => {
    expect(parseConfig({}).logFormat).toBe('text');
    expect(parseConfig({ LOG_FORMAT: 'json' }).logFormat).toBe('json');
  });

  it('list the secret values the logger must never print', () => {
    const config = parseConfig({
      DATABASE_URL: 'postgres://legenda:p%40ss%2Fw0rd@db:5432/legenda',
      OPENAI_API_KEY: 'sk-test-key-123456',
      ADMIN_PASSWORD: 'a long admin password',
    });
    expect([...config.secrets].sort()).toEqual(
      ['p%40ss%2Fw0rd', 'p@ss/w0rd', 'sk-test-key-123456', 'a long admin password'].sort(),
    );
    expect(parseConfig({}).secrets).toEqual([]);
  });
});

describe('loadTestSettings', () => {
  afterEach(() => vi.unstubAllEnvs());

  it('reads CI as CI services set it: tests that need a missing tool fail there', () => {
    for (const [value, ci] of [
      ['true', true],
      ['1', true],
      ['TRUE', true],
      ['false', false],
      ['0', false],
      ['', false],
    ] as const) {
      vi.stubEnv('CI', value);
      expect(loadTestSettings().ci, value).toBe(ci);
    }
    vi.stubEnv('CI', undefined);
    expect(loadTestSettings().ci).toBe(false);
  });
});
