import { editorRepo } from '../features/articles/repo.ts';
import { draftsRepo } from '../features/articles/drafts.ts';
import { revisionsRepo } from '../features/articles/revisions.ts';
import { editorService } from '../features/editor/service.ts';
import { publishingService } from '../features/editor/publishing.ts';
import { checkedRepo } from '../features/translation/checked.ts';
import type { FailuresRepo } from '../features/translation/failures.ts';
import type { TranslationMemory } from '../features/translation/memory.ts';
import type { AppDeps } from '../server/context.ts';
import type { EventBus } from '../server/events.ts';
import type { AppEvents } from './subscribers.ts';

/** The editor's save, and the drafts and publishing built on it (ADR 0028). */
export function editorServices(
  deps: Pick<AppDeps, 'db' | 'blobs'>,
  made: {
    memory: TranslationMemory;
    failures: FailuresRepo;
    events: EventBus<AppEvents>;
    now: () => Date;
  },
) {
  const { memory, failures, events, now } = made;
  const repo = editorRepo(deps.db);
  const editor = editorService({
    repo,
    blobs: deps.blobs,
    memory,
    checked: checkedRepo(deps.db),
    failures,
    events,
    now,
  });
  const publishing = publishingService({
    repo,
    drafts: draftsRepo(deps.db),
    revisions: revisionsRepo(deps.db),
    editor,
    events,
    now,
  });
  return { editor, publishing };
}
