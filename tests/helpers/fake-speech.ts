import http, { type IncomingMessage, type ServerResponse } from 'node:http';

/**
 * A stand-in speech engine (read aloud): OpenAI's `POST /v1/audio/speech`, answering a small real
 * sound (silent MPEG audio frames for `mp3`, the default; a WAV for `wav`), so the server's real
 * client, its errors and its time limit are exercised. It records every call, and behaves as
 * told: 'ok', 'fail' (500), 'hang' (never answers), 'notAudio' (200 with text).
 * `fakeSpeech()` is the handler (the e2e fake engine process serves it beside its chat
 * completions, fake-engine-server.ts); `startFakeSpeech()` a server of its own for a test.
 */

export interface SpeechCall {
  input: string;
  model: string;
  voice: string;
  responseFormat: string;
}

export type SpeechBehaviour =
  { type: 'ok'; delayMs?: number } | { type: 'fail' | 'hang' | 'notAudio' };

/**
 * `frames` silent MPEG-1 Layer III frames, 128 kbit/s, 44.1 kHz, mono, 26 ms each: every side
 * information bit zero, so each frame decodes to silence (any MP3 decoder plays it).
 */
export function silentMp3(frames = 40): Uint8Array {
  const size = 417; // 144 × 128000 / 44100, no padding
  const bytes = new Uint8Array(size * frames);
  for (let i = 0; i < frames; i++) bytes.set([0xff, 0xfb, 0x90, 0xc4], i * size);
  return bytes;
}

/** `ms` of silence as a 16-bit mono 8 kHz WAV. */
export function silentWav(ms = 300): Uint8Array {
  const samples = Math.round((8000 * ms) / 1000);
  const data = samples * 2;
  const buffer = Buffer.alloc(44 + data);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + data, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(8000, 24);
  buffer.writeUInt32LE(16000, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(data, 40);
  return new Uint8Array(buffer);
}

export interface FakeSpeech {
  calls: SpeechCall[];
  setBehaviour(behaviour: SpeechBehaviour): void;
  reset(): void;
  /** Answers the request when it is a speech call (true), else leaves it (false). */
  handle(req: IncomingMessage, res: ServerResponse, body: string): boolean;
}

export function fakeSpeech(): FakeSpeech {
  const calls: SpeechCall[] = [];
  let behaviour: SpeechBehaviour = { type: 'ok' };
  return {
    calls,
    setBehaviour(next) {
      behaviour = next;
    },
    reset() {
      calls.length = 0;
      behaviour = { type: 'ok' };
    },
    handle(req, res, body) {
      if (req.method !== 'POST' || req.url?.split('?')[0] !== '/v1/audio/speech') return false;
      let request: { input?: string; model?: string; voice?: string; response_format?: string };
      try {
        request = JSON.parse(body) as typeof request;
      } catch {
        res.writeHead(400, { 'content-type': 'application/json' });
        res.end('{"error":{"message":"Bad JSON"}}');
        return true;
      }
      const format = request.response_format ?? 'mp3';
      calls.push({
        input: request.input ?? '',
        model: request.model ?? '',
        voice: request.voice ?? '',
        responseFormat: format,
      });
      const now = behaviour;
      if (now.type === 'hang') return true; // the client's time limit ends it
      if (now.type === 'fail') {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end('{"error":{"message":"fake speech failure","type":"server_error"}}');
        return true;
      }
      if (now.type === 'notAudio') {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('not a sound');
        return true;
      }
      const sound = format === 'wav' ? silentWav() : silentMp3();
      const send = () => {
        if (res.destroyed) return;
        res.writeHead(200, {
          'content-type': format === 'wav' ? 'audio/wav' : 'audio/mpeg',
          'content-length': String(sound.length),
        });
        res.end(sound);
      };
      const delay = now.type === 'ok' ? now.delayMs : undefined;
      if (delay) setTimeout(send, delay);
      else send();
      return true;
    },
  };
}

export async function startFakeSpeech(): Promise<
  FakeSpeech & { url: string; close(): Promise<void> }
> {
  const fake = fakeSpeech();
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      if (!fake.handle(req, res, Buffer.concat(chunks).toString('utf8'))) {
        res.writeHead(404);
        res.end();
      }
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as import('node:net').AddressInfo;
  return {
    ...fake,
    calls: fake.calls,
    url: `http://127.0.0.1:${port}/v1`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
