import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake OpenAI-compatible server for tests, the bench and Playwright: `POST
 * /v1/chat/completions`, whole or streamed (`stream: true`: server-sent events, the content
 * written at the engine's pace, `delayPerTokenMs`). It reads the segments of the user message
 * (`{"segments":[{"id","text"}]}`) and answers the structured answer `{"translations":[…]}`
 * with each text turned into `[<target code>] text` (markers kept), unless told to misbehave.
 */

export interface FakeSegment {
  id: string;
  text: string;
}

/** A segment of a review call (engine.ts review, TRANSLATION_REVIEW=on). */
export interface FakeReviewSegment {
  id: string;
  source: string;
  translation: string;
}

/** One error of a review's answer (GEMBA-MQM). */
export interface FakeReviewError {
  severity: 'major' | 'minor';
  category: string;
  words: string;
}

export type Behaviour =
  | { type: 'ok' }
  /** An HTTP error; `retryAfter` in seconds, `retryAfterMs` as OpenAI's `retry-after-ms`. */
  | { type: 'status'; status: number; retryAfter?: number; retryAfterMs?: number }
  /** A 200 whose message content is not JSON. */
  | { type: 'malformed' }
  /** The first segment left out. */
  | { type: 'missingId' }
  /** One entry more, with `id` (default: an id not sent). */
  | { type: 'extraId'; id?: string; text?: string }
  /** The first segment's text empty. */
  | { type: 'emptyText' }
  /** Every `[!` and `!]` removed. */
  | { type: 'dropMarkers' }
  /** Translated as 'ok', then every `from` in the translations written `to` (a glossary ignored). */
  | { type: 'replace'; from: string; to: string }
  /** No answer at all: the connection stays open until the client gives up or close(). */
  | { type: 'hang' }
  /**
   * Streamed requests only (otherwise 'ok'): the first half of the answer's content, then
   * nothing more, the connection left open until the client gives up or close().
   */
  | { type: 'stall' }
  /** Answered as 'ok' but with `finish_reason: 'length'` (the engine's output limit reached). */
  | { type: 'cutShort' }
  /**
   * Streamed requests only (otherwise 'held'): answered as 'ok', the content's first `at(content)`
   * characters at once, the rest once `until` settles (a test decides when the engine goes on).
   */
  | {
      type: 'paused';
      at: (content: string) => number;
      until: Promise<unknown>;
      /** Whose translations are written ('ok' by default), e.g. a 'replace'. */
      as?: Behaviour;
    }
  /** Answered as 'ok' once `until` settles: a test decides when each call ends. */
  | { type: 'held'; until: Promise<unknown> }
  /** The answer's translations as given (ids and texts chosen by the test). */
  | { type: 'answer'; translations: (segments: FakeSegment[]) => { id: string; text: string }[] }
  /** A 200 with this message content. */
  | { type: 'content'; content: string }
  /**
   * A 200 whose message content is `bytes` of 'x', streamed in chunks as the client reads them
   * (the fake never holds it whole); `declareLength` sends its Content-Length first.
   */
  | { type: 'huge'; bytes: number; declareLength?: boolean }
  /**
   * Refuses `response_format: json_schema` with a 400 saying so (like DeepSeek: "This
   * response_format type is unavailable now"); any other format, or none, is answered as 'ok'.
   */
  | { type: 'refuseJsonSchema' }
  /**
   * Answers only `response_format: json_object` (as 'ok'); a request with any other format, or
   * none, gets a 400 that names the accepted format.
   */
  | { type: 'jsonObjectOnly' }
  /** Refuses `stream: true` with a 400 saying so; a request for a whole answer is answered as 'ok'. */
  | { type: 'refuseStream' }
  /** Answered as 'ok' without any `usage`, whole or streamed (some servers give none). */
  | { type: 'noUsage' }
  /** Refuses `stream_options` with a 400 naming it; a request without it is answered as 'ok'. */
  | { type: 'refuseStreamOptions' }

  /** A streamed request answered as a whole completion (200, application/json), as 'ok'. */
  | { type: 'wholeForStream' }
  /**
   * A streamed request answered with an empty event stream: nothing at all, or `[DONE]` alone
   * (`done`); a request for a whole answer is answered as 'ok'.
   */
  | { type: 'emptyStream'; done?: boolean };

export interface RecordedCall {
  /** 0, 1, 2… in arrival order. */
  index: number;
  model: string;
  messages: { role: string; content: string }[];
  /** The target code read from the system prompt (`Target language: … (code xx).`). */
  targetLang: string;
  /** A translation, or a second opinion on translations (its system prompt says so). */
  kind: 'translate' | 'review';
  /** A review's segments; none for a translation. */
  reviewed: FakeReviewSegment[];
  segments: FakeSegment[];
  segmentIds: string[];
  responseFormat: unknown;
  /** The request asked for a streamed answer. */
  streamed: boolean;
  /** A streamed request asked for its usage (`stream_options.include_usage`). */
  includeUsage: boolean;
  behaviour: Behaviour['type'];
  /** Estimated like the app does, about 4 characters a token. */
  promptTokens: number;
  completionTokens: number;
  /** performance.now() at arrival and when the answer was sent (undefined: none sent). */
  startedAt: number;
  endedAt: number | undefined;
  /** Bytes of the answer's body written to the connection ('huge' counts as it streams). */
  bytesSent: number;
}

export type BehaviourFor = Behaviour | ((call: RecordedCall) => Behaviour);

/** A delay for every call, or one chosen per call (e.g. by its target language). */
export type DelayFor = number | ((call: RecordedCall) => number);

/** A test-control route's answer: a status and a JSON body. */
export interface ControlAnswer {
  status: number;
  body: unknown;
}

export interface FakeOpenAIOptions {
  /** Milliseconds of "generation" per output token before an answer is sent. */
  delayPerTokenMs?: DelayFor;
  /** Milliseconds before any answer (network and prompt reading). */
  latencyMs?: number;
  behaviour?: BehaviourFor;
  /** The fake translation of one text (default: `[xx] ` + text). */
  translate?: (text: string, targetLang: string) => string;
  /**
   * A review call's errors for one segment (default: none). Behaviours apply to review calls as
   * to translations; 'ok' and 'held' answer this.
   */
  review?: (segment: FakeReviewSegment, targetLang: string) => FakeReviewError[];
  /** The port to listen on (default: any free one), on 127.0.0.1. */
  port?: number;
  /**
   * Routes other than the chat completions (a test server's controls): an answer, or undefined
   * for the usual 404.
   */
  control?: (method: string, path: string, body: string) => ControlAnswer | undefined;
  /** Other routes answered as they are (the stand-in speech engine, fake-speech.ts): true when answered. */
  other?: (req: http.IncomingMessage, res: http.ServerResponse, body: string) => boolean;
}

export interface FakeOpenAI {
  /** Base URL ending in /v1, for `OPENAI_BASE_URL`. */
  url: string;
  calls: RecordedCall[];
  /** Behaviour of every later call (replaces the default). */
  setBehaviour(behaviour: BehaviourFor): void;
  /** Behaviours for the next calls, one each, before the default one applies again. */
  queue(...behaviours: Behaviour[]): void;
  setDelayPerToken(ms: DelayFor): void;
  /**
   * The `usage` every later answer gives (whole, or a streamed one's last chunk when asked);
   * undefined: the fake's estimate (about 4 characters a token). reset() restores that.
   */
  setUsage(
    usage: ((call: RecordedCall) => { prompt: number; completion: number }) | undefined,
  ): void;
  /** Forgets recorded calls. */
  reset(): void;
  close(): Promise<void>;
}

export const estimateTokens = (text: string) => Math.ceil(text.length / 4);

function targetOf(system: string): string {
  return /Target language: .*?\(code ([A-Za-z0-9-]+)\)/.exec(system)?.[1] ?? 'xx';
}

function reviewedOf(user: string): FakeReviewSegment[] {
  try {
    const parsed = JSON.parse(user) as { segments?: unknown };
    if (!Array.isArray(parsed.segments)) return [];
    return parsed.segments.filter(
      (s): s is FakeReviewSegment =>
        typeof s === 'object' &&
        s !== null &&
        typeof (s as FakeReviewSegment).id === 'string' &&
        typeof (s as FakeReviewSegment).translation === 'string',
    );
  } catch {
    return [];
  }
}

function segmentsOf(user: string): FakeSegment[] {
  try {
    const parsed = JSON.parse(user) as { segments?: unknown };
    if (!Array.isArray(parsed.segments)) return [];
    return parsed.segments.filter(
      (s): s is FakeSegment =>
        typeof s === 'object' &&
        s !== null &&
        typeof (s as FakeSegment).id === 'string' &&
        typeof (s as FakeSegment).text === 'string',
    );
  } catch {
    return [];
  }
}

const readBody = (req: http.IncomingMessage) =>
  new Promise<string>((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** The usage an answer gives, or undefined for 'noUsage'. */
function usageOf(call: RecordedCall) {
  if (call.behaviour === 'noUsage') return undefined;
  return {
    prompt_tokens: call.promptTokens,
    completion_tokens: call.completionTokens,
    total_tokens: call.promptTokens + call.completionTokens,
  };
}

/** A chat completion answering `content`. */
function completion(call: RecordedCall, content: string) {
  return {
    id: `chatcmpl-fake-${call.index}`,
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: call.model,
    choices: [
      {
        index: 0,
        message: { role: 'assistant', content, refusal: null },
        finish_reason: call.behaviour === 'cutShort' ? 'length' : 'stop',
        logprobs: null,
      },
    ],
    usage: usageOf(call),
  };
}

/**
 * A completion whose content is `bytes` of 'x', written 64 KiB at a time as the connection
 * drains, until all is sent or the client hangs up.
 */
async function sendHuge(
  res: http.ServerResponse,
  call: RecordedCall,
  bytes: number,
  declareLength: boolean,
): Promise<void> {
  const MARK = '\u0000';
  const [head = '', tail = ''] = JSON.stringify(completion(call, MARK)).split(JSON.stringify(MARK));
  const prefix = `${head}"`;
  const suffix = `"${tail}`;
  const filler = Math.max(0, bytes - prefix.length - suffix.length);
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (declareLength) headers['content-length'] = String(prefix.length + filler + suffix.length);
  res.writeHead(200, headers);
  const chunk = 'x'.repeat(64 * 1024);
  const write = async (text: string): Promise<boolean> => {
    if (res.destroyed) return false;
    call.bytesSent += Buffer.byteLength(text);
    if (res.write(text)) return true;
    return new Promise<boolean>((resolve) => {
      const done = (ok: boolean) => () => {
        res.off('drain', onDrain);
        res.off('close', onClose);
        resolve(ok);
      };
      const onDrain = done(true);
      const onClose = done(false);
      res.once('drain', onDrain);
      res.once('close', onClose);
    });
  };
  if (!(await write(prefix))) return;
  for (let left = filler; left > 0; left -= chunk.length) {
    if (!(await write(left >= chunk.length ? chunk : chunk.slice(0, left)))) return;
  }
  if (!(await write(suffix))) return;
  res.end();
  call.endedAt = performance.now();
}

/** One server-sent event of a streamed completion. */
function chunkEvent(
  call: RecordedCall,
  delta: Record<string, unknown>,
  finish: string | null,
): string {
  const chunk = {
    id: `chatcmpl-fake-${call.index}`,
    object: 'chat.completion.chunk',
    created: Math.floor(Date.now() / 1000),
    model: call.model,
    choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }],
  };
  return `data: ${JSON.stringify(chunk)}\n\n`;
}

/** Characters of content an event carries when the fake writes without delay. */
const QUICK_PIECE = 16;

/**
 * A streamed completion: `content` in events at the pace of `perTokenMs` (about 4 characters a
 * token, an event every 10 ms at least), or in pieces of QUICK_PIECE characters at once without
 * a delay; then the last event and `[DONE]`. 'stall' stops halfway and leaves the connection open.
 */
async function sendStream(
  res: http.ServerResponse,
  call: RecordedCall,
  content: string,
  perTokenMs: number,
  behaviour: Behaviour,
): Promise<void> {
  if (res.destroyed) return;
  res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
  const send = (text: string) => {
    call.bytesSent += Buffer.byteLength(text);
    res.write(text);
  };
  send(chunkEvent(call, { role: 'assistant', content: '' }, null));
  const piece = perTokenMs > 0 ? Math.max(4, Math.ceil((4 * 10) / perTokenMs)) : QUICK_PIECE;
  const end = behaviour.type === 'stall' ? Math.floor(content.length / 2) : content.length;
  const pause =
    behaviour.type === 'paused' ? Math.max(0, Math.min(end, behaviour.at(content))) : end;
  /** Streams content[from, to) at the engine's pace; false when the client gave up. */
  const write = async (from: number, to: number): Promise<boolean> => {
    const started = performance.now();
    for (let at = from; at < to; at += piece) {
      if (perTokenMs > 0) {
        // On the engine's clock from the start, so small timer delays do not add up.
        const due = started + ((at - from + piece) / 4) * perTokenMs;
        await sleep(Math.max(0, due - performance.now()));
      }
      if (res.destroyed) return false;
      send(chunkEvent(call, { content: content.slice(at, Math.min(at + piece, to)) }, null));
    }
    return true;
  };
  if (!(await write(0, pause))) return;
  if (behaviour.type === 'paused') await behaviour.until.catch(() => {});
  if (!(await write(pause, end))) return;
  if (behaviour.type === 'stall') return; // the client's timeout, or close(), ends it
  send(chunkEvent(call, {}, behaviour.type === 'cutShort' ? 'length' : 'stop'));
  const usage = usageOf(call);
  if (call.includeUsage && usage) {
    // As OpenAI sends it: a last chunk of its own, without choices.
    send(
      `data: ${JSON.stringify({ id: `chatcmpl-fake-${call.index}`, object: 'chat.completion.chunk', model: call.model, choices: [], usage })}\n\n`,
    );
  }
  send('data: [DONE]\n\n');
  res.end();
  call.endedAt = performance.now();
}

/** A streamed completion whose content is `bytes` of 'x', 64 KiB an event, until the client hangs up. */
async function sendHugeStream(
  res: http.ServerResponse,
  call: RecordedCall,
  bytes: number,
): Promise<void> {
  res.writeHead(200, { 'content-type': 'text/event-stream' });
  const event = chunkEvent(call, { content: 'x'.repeat(64 * 1024) }, null);
  for (let left = bytes; left > 0 && !res.destroyed; left -= 64 * 1024) {
    call.bytesSent += event.length;
    if (!res.write(event)) {
      await new Promise<void>((resolve) => {
        res.once('drain', resolve);
        res.once('close', resolve);
      });
    }
  }
  if (res.destroyed) return;
  res.end('data: [DONE]\n\n');
  call.endedAt = performance.now();
}

export async function startFakeOpenAI(options: FakeOpenAIOptions = {}): Promise<FakeOpenAI> {
  let fallback: BehaviourFor = options.behaviour ?? { type: 'ok' };
  let delayPerTokenMs: DelayFor = options.delayPerTokenMs ?? 0;
  const latencyMs = options.latencyMs ?? 0;
  const translate = options.translate ?? ((text, lang) => `[${lang}] ${text}`);
  const review = options.review ?? (() => []);
  const queued: Behaviour[] = [];
  const calls: RecordedCall[] = [];
  let counter = 0;
  let usage: ((call: RecordedCall) => { prompt: number; completion: number }) | undefined;

  function translations(behaviour: Behaviour, call: RecordedCall): { id: string; text: string }[] {
    const ok = call.segments.map((s) => ({ id: s.id, text: translate(s.text, call.targetLang) }));
    switch (behaviour.type) {
      case 'missingId':
        return ok.slice(1);
      case 'extraId':
        return [
          ...ok,
          { id: behaviour.id ?? `extra-${ok.length + 1}`, text: behaviour.text ?? 'x' },
        ];
      case 'emptyText':
        return ok.map((t, i) => (i === 0 ? { ...t, text: '' } : t));
      case 'dropMarkers':
        return ok.map((t) => ({ ...t, text: t.text.replaceAll('[!', '').replaceAll('!]', '') }));
      case 'replace':
        return ok.map((t) => ({ ...t, text: t.text.replaceAll(behaviour.from, behaviour.to) }));
      case 'answer':
        return behaviour.translations(call.segments);
      case 'paused':
        return behaviour.as ? translations(behaviour.as, call) : ok;
      default:
        return ok;
    }
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      if (options.other?.(req, res, body)) return;
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        const control = options.control?.(req.method ?? 'GET', req.url ?? '/', body);
        if (control !== undefined) {
          res.writeHead(control.status, { 'content-type': 'application/json' });
          res.end(JSON.stringify(control.body));
          return;
        }
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'Not found', type: 'invalid_request_error' } }));
        return;
      }
      let request: {
        model?: string;
        messages?: { role: string; content: string }[];
        response_format?: unknown;
        stream?: unknown;
        stream_options?: { include_usage?: unknown };
      };
      try {
        request = JSON.parse(body) as typeof request;
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: 'Bad JSON', type: 'invalid_request_error' } }));
        return;
      }
      const messages = request.messages ?? [];
      const system = messages.find((m) => m.role === 'system')?.content ?? '';
      const user = messages.find((m) => m.role === 'user')?.content ?? '';
      const segments = segmentsOf(user);
      const kind = system.startsWith('You review translations') ? 'review' : 'translate';
      const call: RecordedCall = {
        index: counter++,
        model: request.model ?? '',
        messages,
        targetLang: targetOf(system),
        kind,
        reviewed: kind === 'review' ? reviewedOf(user) : [],
        segments,
        segmentIds: segments.map((s) => s.id),
        responseFormat: request.response_format,
        streamed: request.stream === true,
        includeUsage: request.stream === true && request.stream_options?.include_usage === true,
        behaviour: 'ok',
        promptTokens: messages.reduce((n, m) => n + estimateTokens(m.content), 0),
        completionTokens: 0,
        startedAt: performance.now(),
        endedAt: undefined,
        bytesSent: 0,
      };
      calls.push(call);
      const chosen = queued.shift() ?? fallback;
      const behaviour = typeof chosen === 'function' ? chosen(call) : chosen;
      call.behaviour = behaviour.type;

      if (behaviour.type === 'hang') return; // the client's timeout, or close(), ends it
      if (behaviour.type === 'held' || (behaviour.type === 'paused' && !call.streamed)) {
        await behaviour.until.catch(() => {});
      }
      if (latencyMs > 0) await sleep(latencyMs);
      const format = (request.response_format as { type?: unknown } | undefined)?.type;
      const refusal =
        behaviour.type === 'refuseJsonSchema' && format === 'json_schema'
          ? 'This response_format type is unavailable now'
          : behaviour.type === 'jsonObjectOnly' && format !== 'json_object'
            ? `Invalid response_format ${JSON.stringify(format ?? null)}: only "json_object" is supported`
            : behaviour.type === 'refuseStream' && call.streamed
              ? 'Streaming is not supported by this server'
              : behaviour.type === 'refuseStreamOptions' && request.stream_options !== undefined
                ? 'Unknown parameter: stream_options'
                : undefined;
      if (refusal !== undefined) {
        const body = JSON.stringify({
          error: { message: refusal, type: 'invalid_request_error', param: null, code: null },
        });
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end(body);
        call.bytesSent = Buffer.byteLength(body);
        call.endedAt = performance.now();
        return;
      }
      if (behaviour.type === 'huge') {
        if (call.streamed) await sendHugeStream(res, call, behaviour.bytes);
        else await sendHuge(res, call, behaviour.bytes, behaviour.declareLength === true);
        return;
      }
      if (behaviour.type === 'status') {
        const headers: Record<string, string> = { 'content-type': 'application/json' };
        if (behaviour.retryAfter !== undefined)
          headers['retry-after'] = String(behaviour.retryAfter);
        if (behaviour.retryAfterMs !== undefined) {
          headers['retry-after-ms'] = String(behaviour.retryAfterMs);
        }
        res.writeHead(behaviour.status, headers);
        res.end(
          JSON.stringify({
            error: {
              message: `fake failure ${behaviour.status}`,
              type: behaviour.status === 429 ? 'rate_limit_exceeded' : 'server_error',
            },
          }),
        );
        call.endedAt = performance.now();
        return;
      }

      const content =
        behaviour.type === 'malformed'
          ? '{"translations": [{"id": "1", "text": "unterminated'
          : behaviour.type === 'content'
            ? behaviour.content
            : call.kind === 'review'
              ? JSON.stringify({
                  reviews: call.reviewed.map((s) => ({
                    id: s.id,
                    errors: review(s, call.targetLang),
                  })),
                })
              : JSON.stringify({ translations: translations(behaviour, call) });
      call.completionTokens = estimateTokens(content);
      const chosenUsage = usage?.(call);
      if (chosenUsage) {
        call.promptTokens = chosenUsage.prompt;
        call.completionTokens = chosenUsage.completion;
      }
      const perToken =
        typeof delayPerTokenMs === 'function' ? delayPerTokenMs(call) : delayPerTokenMs;
      if (call.streamed && behaviour.type === 'emptyStream') {
        res.writeHead(200, { 'content-type': 'text/event-stream' });
        res.end(behaviour.done ? 'data: [DONE]\n\n' : '');
        call.endedAt = performance.now();
        return;
      }
      if (call.streamed && behaviour.type !== 'wholeForStream') {
        await sendStream(res, call, content, perToken, behaviour);
        return;
      }
      if (perToken > 0) await sleep(call.completionTokens * perToken);
      if (res.destroyed) return; // the client gave up
      res.writeHead(200, { 'content-type': 'application/json' });
      const answer = JSON.stringify(completion(call, content));
      res.end(answer);
      call.bytesSent = Buffer.byteLength(answer);
      call.endedAt = performance.now();
    })().catch((error: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: String(error), type: 'server_error' } }));
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    calls,
    setBehaviour(behaviour) {
      fallback = behaviour;
    },
    queue(...behaviours) {
      queued.push(...behaviours);
    },
    setDelayPerToken(ms) {
      delayPerTokenMs = ms;
    },
    setUsage(chosen) {
      usage = chosen;
    },
    reset() {
      calls.length = 0;
      queued.length = 0;
      usage = undefined;
    },
    close() {
      return new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      });
    },
  };
}
