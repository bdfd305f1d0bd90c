import type { JobRunner } from '../server/jobs/runner.ts';
import { editorRepo } from '../features/articles/repo.ts';
import { reviewService } from '../features/review/service.ts';
import { prepareService } from '../features/review/prepare.ts';
import { queueRepo } from '../features/review/queue-repo.ts';
import { statusRepo } from '../features/review/status-repo.ts';
import { statusService } from '../features/review/status.ts';
import { settingsRepo } from '../features/settings/repo.ts';
import { checkedRepo } from '../features/translation/checked.ts';
import { createEngine } from '../features/translation/engine.ts';
import type { FailuresRepo } from '../features/translation/failures.ts';
import type { GlossaryTerm } from '../features/translation/glossary-match.ts';
import type { TranslationMemory } from '../features/translation/memory.ts';
import { createTranslator } from '../features/translation/translator.ts';
import type { Translator } from '../features/translation/translator-types.ts';
import type { UsageService } from '../features/usage/service.ts';
import type { AppDeps } from '../server/context.ts';
import type { EventBus } from '../server/events.ts';
import type { AppEvents } from './subscribers.ts';

/** The one translator of the process: each stored translation is told as an event. */
export function translatorOf(
  deps: AppDeps,
  made: { memory: TranslationMemory; usage: UsageService; events: EventBus<AppEvents> },
): Translator {
  return createTranslator({
    // The job's request: its article and language, and its museum when it had one.
    onStored: (stored) => void made.events.emit('translationStored', stored),
    engine: createEngine({ ...deps.config.openai, log: deps.log }),
    // Every call of a museum's job held in its budget first, settled with its usage (ADR 0034).
    guard: made.usage.guard,
    memory: made.memory,
    concurrency: deps.config.translationConcurrency,
    log: deps.log,
  });
}

/** The review feature's services: the texts' states, the overview's counts, Translate now. */
export function reviewServices(
  deps: AppDeps,
  made: {
    translator: Translator;
    glossary: (museumId: number, lang: string) => Promise<readonly GlossaryTerm[]>;
    failures: FailuresRepo;
    usage: UsageService;
    events: EventBus<AppEvents>;
    now: () => Date;
    jobs: JobRunner;
  },
) {
  const settings = settingsRepo(deps.db);
  const sourceLanguage = async (museumId: number) =>
    (await settings.read(museumId))?.sourceLanguage ?? 'fr';
  const review = reviewService({
    articles: editorRepo(deps.db),
    sourceLanguage,
    translator: made.translator,
    checked: checkedRepo(deps.db),
    status: statusRepo(deps.db),
    glossary: made.glossary,
    events: made.events,
    failures: made.failures,
    budget: made.usage.budget,
  });
  const status = statusService({
    repo: statusRepo(deps.db),
    review,
    jobs: made.jobs,
    log: deps.log,
  });
  const prepare = prepareService({
    review,
    status: statusRepo(deps.db),
    queue: queueRepo(deps.db),
    failures: made.failures,
    clock: made.now,
    budgetMs: deps.config.prepareBudgetMs,
    configured: made.translator.configured,
    sourceLanguage,
    priorityLanguages: async (museumId) => (await settings.read(museumId))?.priorityLanguages ?? [],
    visitorLanguages: async (museumId) => (await settings.read(museumId))?.visitorLanguages ?? null,
    log: deps.log,
    budget: made.usage.budget,
  });
  return { review, prepare, status };
}
