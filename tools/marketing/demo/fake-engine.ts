import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * The translation engine of the recording: an OpenAI-compatible `POST /v1/chat/completions`
 * (not streaming) that reads the segments of the user message (`{"segments":[{"id","text"}]}`)
 * and the target code of the system prompt (`Target language: … (code xx).`), and answers
 * `{"translations":[{"id","text"}]}` with `translate`'s texts after `latencyMs`, as a real
 * engine would take a moment. A trimmed copy of the tests' fake engine, without its failures.
 */

export interface FakeEngineOptions {
  latencyMs: number;
  translate: (text: string, targetLang: string) => string;
}

export interface FakeEngine {
  /** Base URL ending in /v1, for `OPENAI_BASE_URL`. */
  url: string;
  close(): Promise<void>;
}

interface Segment {
  id: string;
  text: string;
}

const targetOf = (system: string) =>
  /Target language: .*?\(code ([A-Za-z0-9-]+)\)/.exec(system)?.[1] ?? 'xx';

function segmentsOf(user: string): Segment[] {
  try {
    const parsed = JSON.parse(user) as { segments?: unknown };
    if (!Array.isArray(parsed.segments)) return [];
    return parsed.segments.filter(
      (s): s is Segment =>
        typeof s === 'object' &&
        s !== null &&
        typeof (s as Segment).id === 'string' &&
        typeof (s as Segment).text === 'string',
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

const tokens = (text: string) => Math.ceil(text.length / 4);

function json(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startFakeEngine(options: FakeEngineOptions): Promise<FakeEngine> {
  let calls = 0;
  const server = http.createServer((req, res) => {
    void (async () => {
      const body = await readBody(req);
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        json(res, 404, { error: { message: 'Not found', type: 'invalid_request_error' } });
        return;
      }
      const request = JSON.parse(body) as {
        model?: string;
        messages?: { role: string; content: string }[];
      };
      const messages = request.messages ?? [];
      const system = messages.find((m) => m.role === 'system')?.content ?? '';
      const user = messages.find((m) => m.role === 'user')?.content ?? '';
      const target = targetOf(system);
      const content = JSON.stringify({
        translations: segmentsOf(user).map((s) => ({
          id: s.id,
          text: options.translate(s.text, target),
        })),
      });
      await sleep(options.latencyMs);
      if (res.destroyed) return; // the client gave up
      const prompt = messages.reduce((n, m) => n + tokens(m.content), 0);
      json(res, 200, {
        id: `chatcmpl-demo-${calls++}`,
        object: 'chat.completion',
        created: Math.floor(Date.now() / 1000),
        model: request.model ?? '',
        choices: [
          {
            index: 0,
            message: { role: 'assistant', content, refusal: null },
            finish_reason: 'stop',
            logprobs: null,
          },
        ],
        usage: {
          prompt_tokens: prompt,
          completion_tokens: tokens(content),
          total_tokens: prompt + tokens(content),
        },
      });
    })().catch((error: unknown) => {
      if (!res.headersSent)
        json(res, 500, { error: { message: String(error), type: 'server_error' } });
      else res.end();
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}
