import { editorRepo } from '../features/articles/repo.ts';
import { circuitsRepo } from '../features/circuits/repo.ts';
import { circuitService } from '../features/reader/circuit/circuit.ts';
import { guideService } from '../features/reader/guide/guide.ts';
import { guidePages } from '../features/reader/guide/guide-pages.ts';
import { guideRepo } from '../features/reader/guide/guide-repo.ts';
import { engineGate, type EngineBudget } from '../features/reader/visit/engine-gate.ts';
import { visitorPages } from '../features/reader/visit/pages.ts';
import type { PageCache } from '../features/reader/visit/page-cache.ts';
import { readerService } from '../features/reader/visit/service.ts';
import { seenRepo, seenService } from '../features/reader/visit/seen.ts';
import { speechService } from '../features/reader/speech/speech-service.ts';
import type { Counter } from '../features/stats/counts.ts';
import { checkedRepo } from '../features/translation/checked.ts';
import type { GlossaryTerm } from '../features/translation/glossary-match.ts';
import { createSpeechEngine } from '../features/translation/speech-engine.ts';
import type { Translator } from '../features/translation/translator.ts';
import type { BackoffStore } from '../features/translation/failures.ts';
import type { AppDeps } from '../server/context.ts';

/**
 * What visitors read (createServices' part for them): the visitor, circuit and guide pages, their
 * count requests and the server's voice, behind one gate on the engine work they may start (engine-gate.ts: the
 * limits a minute, the museum's monthly budget when `budget` is given).
 */
export function visitorServices(
  deps: AppDeps,
  made: {
    translator: Translator;
    pages: PageCache;
    counter: Counter;
    now: () => Date;
    glossary: (museumId: number, lang: string) => Promise<readonly GlossaryTerm[]>;
    /** The museum's monthly engine budget; without it nothing is ever paused. */
    budget?: EngineBudget | undefined;
    /** Failed translations' back-off (translation/failures.ts); in memory when not given. */
    backoff?: BackoffStore | undefined;
    /** Told the characters of each new sound (the monthly budget's speech count). */
    onSpoken?: ((museumId: number, chars: number) => void) | undefined;
  },
) {
  const { translator, pages, counter, now } = made;
  const gate = engineGate({
    limits: deps.config.visitorLimits,
    now: () => now().getTime(),
    budget: made.budget,
  });
  // Circuits as visitors read them; a circuit saved or deleted forgets what this process kept.
  const circuitPages = circuitService({
    circuits: circuitsRepo(deps.db),
    translator,
    glossary: made.glossary,
    gate,
    now,
  });
  // The museums' guide homes (/visit/{slug}), translated within the same gate.
  const guides = guideService({
    guides: guideRepo(deps.db),
    translator,
    glossary: made.glossary,
    gate,
    now,
  });
  const visits = readerService({
    repo: editorRepo(deps.db),
    translator,
    checked: checkedRepo(deps.db),
    glossary: made.glossary,
    now,
    circuits: circuitPages,
    speechEngine: deps.config.speech !== undefined,
    gate,
    backoff: made.backoff,
  });
  return {
    circuitPages,
    guides,
    guide: guidePages({ guides, pages }),
    // The pages' count requests (/seen): every showing counted, whoever sent the page.
    seen: seenService({ repo: seenRepo(deps.db), counter, now }),
    // Read aloud (ADR 0019): the server's voice, when a speech engine is configured.
    speech: speechService({
      readable: (name, lang) => visits.readable(name, lang),
      blobs: deps.blobs,
      engine: createSpeechEngine(deps.config.speech),
      counts: counter,
      now,
      log: deps.log,
      gate,
      onSpoken: made.onSpoken,
    }),
    reader: visitorPages({ visits, pages, circuits: circuitPages }),
  };
}
