import {
  startFakeOpenAI,
  type Behaviour,
  type ControlAnswer,
  type RecordedCall,
} from './fake-openai.ts';
import { fakeSpeech, type SpeechBehaviour } from './fake-speech.ts';

/**
 * The fake engine as a process, for the e2e server (playwright.config.ts):
 * `node_modules/.bin/node tests/helpers/fake-engine-server.ts {port}` listens on 127.0.0.1 at
 * that port (tests/e2e/settings.ts's FAKE_ENGINE_PORT) and answers `POST /v1/chat/completions` like tests/helpers/fake-openai.ts.
 *
 * Test controls (JSON):
 * - `GET /_calls` → `{ calls: [{ index, targetLang, segments: [{ id, text }], streamed, behaviour }] }`;
 *   also the health check Playwright waits for.
 * - `POST /_reset`: forgets the calls and every behaviour and delay.
 * - `POST /_behaviour` `{ lang?, behaviour?, delayPerTokenMs?, pauseAfter?, only? }`: from now on, for
 *   the calls whose target language is `lang` (or, without `lang`, for the others). Both workers
 *   share this process: a test that changes how the engine behaves gives it a language of its
 *   own. `pauseAfter`: a call with a text holding these words is answered up to the end of
 *   that text's translation, then waits for `/_release` (a whole answer waits before it is
 *   sent); other calls are not paused. `only` (with `lang`): the setting is for the calls of
 *   that language whose first text holds these words, beside the language's own (tests that
 *   share a language set their own words apart).
 * - `POST /_release` `{ lang? }`: lets the calls paused for that language (or the others) go
 *   on, and those paused later.
 * - `POST /v1/audio/speech`: the stand-in speech engine (fake-speech.ts, for read aloud: the e2e
 *   server's TTS_BASE_URL); `GET /_speech` → `{ calls: [{ input, model, voice, responseFormat }] }`,
 *   `POST /_speech` `{ type: 'ok' | 'fail' | 'hang' | 'notAudio' }` sets how it answers from now
 *   on (`POST /_reset` forgets both).
 * - `GET /booking`: a stand-in for the booking page the 'Book a demo' popup frames (JSON, as
 *   every control answer; the browser shows it as text).
 */

interface Setting {
  behaviour?: Behaviour;
  delayPerTokenMs?: number;
  pauseAfter?: string;
}

/** Paused calls wait on their language's gate (`''`: calls of no language set apart). */
const gates = new Map<string, PromiseWithResolvers<void>>();
const gateOf = (lang: string) => {
  let gate = gates.get(lang);
  if (!gate) {
    gate = Promise.withResolvers<void>();
    gates.set(lang, gate);
  }
  return gate;
};

function behaviourOf(call: RecordedCall): Behaviour {
  const lang = call.targetLang.toLowerCase();
  const setting = settingOf(call);
  const behaviour = setting.behaviour ?? { type: 'ok' };
  const words = setting.pauseAfter;
  // Only the calls with a text holding the words: other tests' calls in the language go on.
  if (words === undefined || !call.segments.some((s) => s.text.includes(words))) return behaviour;
  const gate = gateOf(byLanguage.has(lang) ? lang : '');
  // Up to the end of the answer's entry for the text holding the words.
  const at = (content: string) => {
    const found = content.indexOf(words);
    return found < 0 ? content.length : content.indexOf('}', found) + 1;
  };
  return { type: 'paused', at, until: gate.promise, as: behaviour };
}

/** The behaviours a JSON body can ask for ('answer' needs a function). */
const JSON_BEHAVIOURS = new Set([
  'ok',
  'status',
  'malformed',
  'missingId',
  'extraId',
  'emptyText',
  'dropMarkers',
  'replace',
  'hang',
  'content',
  'huge',
  'refuseJsonSchema',
  'jsonObjectOnly',
]);

let everyLanguage: Setting = {};
const byLanguage = new Map<string, Setting>();
/**
 * Settings for the calls of a language whose first text holds given words (`only`), by both.
 * The first text only: a museum's guide home is one call carrying every published title of the
 * shared museum, and another test's words among them must not slow or refuse it.
 */
const byWords = new Map<string, { lang: string; words: string; setting: Setting }>();

const settingOf = (call: RecordedCall): Setting => {
  const lang = call.targetLang.toLowerCase();
  const first = call.segments[0]?.text ?? '';
  const scoped = [...byWords.values()].filter((s) => s.lang === lang && first.includes(s.words));
  return Object.assign({}, everyLanguage, byLanguage.get(lang), ...scoped.map((s) => s.setting));
};

const ok = (body: unknown): ControlAnswer => ({ status: 200, body });
const badRequest = (message: string): ControlAnswer => ({ status: 400, body: { error: message } });

function setBehaviour(body: string): ControlAnswer {
  let request: {
    lang?: unknown;
    behaviour?: unknown;
    delayPerTokenMs?: unknown;
    pauseAfter?: unknown;
    only?: unknown;
  };
  try {
    request = JSON.parse(body || '{}') as typeof request;
  } catch {
    return badRequest('The body is not JSON.');
  }
  const { lang, behaviour, delayPerTokenMs, pauseAfter, only } = request;
  if (only !== undefined && (typeof only !== 'string' || only === '' || lang === undefined)) {
    return badRequest('only must be words of a text, with a lang.');
  }
  if (pauseAfter !== undefined && (typeof pauseAfter !== 'string' || pauseAfter === '')) {
    return badRequest('pauseAfter must be words of a text.');
  }
  if (lang !== undefined && (typeof lang !== 'string' || lang === '')) {
    return badRequest('lang must be a language code.');
  }
  if (
    behaviour !== undefined &&
    (typeof behaviour !== 'object' ||
      behaviour === null ||
      !JSON_BEHAVIOURS.has((behaviour as { type?: unknown }).type as string))
  ) {
    return badRequest(`behaviour.type must be one of ${[...JSON_BEHAVIOURS].join(', ')}.`);
  }
  if (
    delayPerTokenMs !== undefined &&
    (typeof delayPerTokenMs !== 'number' || !(delayPerTokenMs >= 0))
  ) {
    return badRequest('delayPerTokenMs must be a number of milliseconds.');
  }
  const setting: Setting = {};
  if (behaviour !== undefined) setting.behaviour = behaviour as Behaviour;
  if (delayPerTokenMs !== undefined) setting.delayPerTokenMs = delayPerTokenMs;
  if (pauseAfter !== undefined) {
    setting.pauseAfter = pauseAfter;
    // A new pause: calls wait for a new release.
    const key = lang === undefined ? '' : lang.toLowerCase();
    gates.get(key)?.resolve();
    gates.delete(key);
  }
  if (lang === undefined) everyLanguage = setting;
  else if (typeof only === 'string') {
    const key = JSON.stringify([lang.toLowerCase(), only]);
    byWords.set(key, { lang: lang.toLowerCase(), words: only, setting });
  } else byLanguage.set(lang.toLowerCase(), setting);
  return ok({ lang: lang ?? null, ...setting });
}

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) throw new Error('usage: fake-engine-server.ts {port}');

const speech = fakeSpeech();
const SPEECH_BEHAVIOURS = new Set(['ok', 'fail', 'hang', 'notAudio']);

const fake = await startFakeOpenAI({
  port,
  other: (req, res, body) => speech.handle(req, res, body),
  behaviour: behaviourOf,
  delayPerTokenMs: (call) => settingOf(call).delayPerTokenMs ?? 0,
  control(method, path, body) {
    const route = `${method} ${path.split('?')[0]}`;
    switch (route) {
      case 'GET /_calls':
        return ok({
          calls: fake.calls.map((call) => ({
            index: call.index,
            targetLang: call.targetLang,
            segments: call.segments,
            streamed: call.streamed,
            behaviour: call.behaviour,
          })),
        });
      case 'GET /_speech':
        return ok({ calls: speech.calls });
      case 'POST /_speech': {
        let behaviour: SpeechBehaviour;
        try {
          behaviour = JSON.parse(body || '{}') as SpeechBehaviour;
        } catch {
          return badRequest('The body is not JSON.');
        }
        if (!SPEECH_BEHAVIOURS.has(behaviour.type)) {
          return badRequest(`type must be one of ${[...SPEECH_BEHAVIOURS].join(', ')}.`);
        }
        speech.setBehaviour(behaviour);
        return ok(behaviour);
      }
      case 'POST /_reset':
        fake.reset();
        speech.reset();
        everyLanguage = {};
        byLanguage.clear();
        byWords.clear();
        for (const gate of gates.values()) gate.resolve();
        gates.clear();
        return ok({ reset: true });
      case 'POST /_release': {
        let lang: unknown;
        try {
          ({ lang } = JSON.parse(body || '{}') as { lang?: unknown });
        } catch {
          return badRequest('The body is not JSON.');
        }
        if (lang !== undefined && (typeof lang !== 'string' || lang === '')) {
          return badRequest('lang must be a language code.');
        }
        const key = typeof lang === 'string' ? lang.toLowerCase() : '';
        // Released for good: later calls of that language are not held either.
        gateOf(key).resolve();
        return ok({ released: lang ?? null });
      }
      case 'POST /_behaviour':
        return setBehaviour(body);
      case 'GET /booking':
        // The e2e server's PUBLIC_BOOKING_URL: the page the 'Book a demo' popup frames.
        return ok({ booking: 'Fake booking page' });
      default:
        return undefined;
    }
  },
});

console.log(`Fake engine listening at ${fake.url}`);

const stop = () => {
  void fake.close().finally(() => process.exit(0));
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
