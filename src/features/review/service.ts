import { ApiError, notFound } from '../../server/http/errors.ts';
import { budgetReached } from './budget.ts';
import { readContent } from '../articles/content.ts';
import type { ArticleEvents } from '../articles/events.ts';
import type { EditorRepo } from '../articles/repo.ts';
import { sameLanguage } from '../languages/catalogue.ts';
import type { CheckedEntry, CheckedRepo } from '../translation/checked.ts';
import type { Translator } from '../translation/translator-types.ts';
import type { GlossaryTerm } from '../translation/glossary-match.ts';
import type { FailuresRepo } from '../translation/failures.ts';
import type { ReviewDocument, ReviewSegment } from './schema.ts';
import { approvals, failingView, findSegments, refuseChecked, segmentOf } from './segment-views.ts';
import type { StateCounts, StatusRepo } from './status-repo.ts';

const missing = () => notFound('No such article in your museum.');

/** Who asks: the scope of every call (never taken from the client), and who checked. */
export interface Reviewer {
  museumId: number;
  userId: number;
}

/** What the review service reads and writes through. */
export interface ReviewDeps {
  articles: EditorRepo;
  /** The museum's own language: its articles are written in it. */
  sourceLanguage: (museumId: number) => Promise<string>;
  translator: Translator;
  checked: CheckedRepo;
  /** The museum's glossary for a target language (ADR 0015); none when not given. */
  glossary?: (museumId: number, lang: string) => Promise<readonly GlossaryTerm[]>;
  /** The overview's counts, written again after each of the museum's writes. */
  status?: StatusRepo;
  events?: ArticleEvents | undefined;
  /** Failed translations' back-off: the screen says when the next try is. */
  failures?: Pick<FailuresRepo, 'find'> | undefined;
  /** The museum's monthly engine budget: reached, no text is translated again on demand. */
  budget?: { translationPaused(museumId: number): Promise<boolean> } | undefined;
}

/** The article in `lang`, as the translator and the museum's checks find it now. */
function opener(deps: ReviewDeps) {
  return async function open(museumId: number, articleId: number, lang: string) {
    const row = await deps.articles.find(museumId, articleId);
    if (!row) throw missing();
    const source = await deps.sourceLanguage(museumId);
    if (sameLanguage(source, lang)) {
      throw new ApiError(
        422,
        'invalid_query',
        `${lang} is the article’s own language: nothing to translate.`,
        {
          details: { field: 'lang' },
        },
      );
    }
    const content = readContent(row.content, row.name);
    const checked = await deps.checked.read(row.id, lang);
    // Given to the translator as to the visitor page's: a stale check guides a new translation.
    const run = await deps.translator.open({
      museumId,
      articleId: row.id,
      generation: row.translationGeneration,
      content,
      instructions: row.instructions,
      sourceLang: source,
      targetLang: lang,
      checked,
      glossary: await deps.glossary?.(museumId, lang),
    });
    return { texts: run.texts(), checked, source, row, run };
  };
}

/** The article's texts in a language, and the overview's counts of them. */
function reviewReads(deps: ReviewDeps) {
  const open = opener(deps);

  async function segments(
    museumId: number,
    articleId: number,
    lang: string,
  ): Promise<ReviewDocument> {
    const { texts, checked, source, row } = await open(museumId, articleId, lang);
    const generation = row.translationGeneration;
    const failure = await deps.failures?.find({ museumId, articleId, language: lang, generation });
    return {
      articleId,
      lang,
      segments: texts.map((view) => segmentOf(view, checked.get(view.ref))),
      sourceLang: source,
      title: row.unformattedName,
      name: row.name,
      ...(failure && { failing: failingView(failure) }),
    };
  }

  /**
   * Counts the article's texts in each state in `lang` again, for the overview. The museum's
   * own language has nothing to count: a row left from before a change of it is removed.
   */
  async function recount(museumId: number, articleId: number, lang: string): Promise<void> {
    if (!deps.status) return;
    let doc: ReviewDocument;
    try {
      doc = await segments(museumId, articleId, lang);
    } catch (error) {
      if (error instanceof ApiError && error.status === 422) {
        await deps.status.remove(museumId, articleId, lang);
        return;
      }
      throw error;
    }
    await deps.status.save({ museumId, articleId, language: lang }, countStates(doc.segments));
  }

  return {
    segments,
    recount,
    /** The article in `lang` as the translator finds it (Translate now: prepare.ts). */
    open,
  };
}

/** The museum's corrections and approvals, each followed by the visitor pages and the counts. */
function reviewWrites(deps: ReviewDeps, { open, recount }: ReturnType<typeof reviewReads>) {
  const reviewed = (museumId: number, articleId: number, languages: readonly string[]) =>
    deps.events?.emit('articleChanged', { how: 'reviewed', museumId, articleId, languages });

  async function save(
    who: Reviewer,
    articleId: number,
    lang: string,
    entries: CheckedEntry[],
  ): Promise<void> {
    await deps.checked.save(
      { museumId: who.museumId, articleId, language: lang, checkedBy: who.userId },
      entries,
    );
    await reviewed(who.museumId, articleId, [lang]);
    await recount(who.museumId, articleId, lang);
  }

  return {
    /** The museum's own text for one segment: it becomes `reviewed`. */
    async update(
      who: Reviewer,
      input: { articleId: number; lang: string; segmentId: string; text: string },
    ): Promise<ReviewSegment> {
      const { texts } = await open(who.museumId, input.articleId, input.lang);
      const [view] = findSegments(texts, [input.segmentId], 'segmentId');
      const entry = { ref: view!.ref, source: view!.source, text: input.text };
      await save(who, input.articleId, input.lang, [entry]);
      return segmentOf(view!, entry);
    },

    /**
     * A new machine translation of one text (the museum found the last one poor, or none was
     * made yet); a text the museum checked is corrected, not translated again.
     */
    async retranslate(
      who: Reviewer,
      input: { articleId: number; lang: string; segmentId: string },
    ): Promise<ReviewSegment> {
      const { texts, checked, run } = await open(who.museumId, input.articleId, input.lang);
      const [view] = findSegments(texts, [input.segmentId], 'segmentId');
      const mine = checked.get(view!.ref);
      refuseChecked(view!, mine);
      if (!deps.translator.configured) {
        throw new ApiError(503, 'no_engine', 'No translation engine is configured.');
      }
      if (await deps.budget?.translationPaused(who.museumId)) throw budgetReached();
      const made = (await run.retranslate([view!.ref])).get(view!.ref);
      if (made === undefined) {
        throw new ApiError(
          503,
          'engine_unavailable',
          'The translation engine did not give a usable translation. Try again in a moment.',
        );
      }
      await reviewed(who.museumId, input.articleId, [input.lang]);
      await recount(who.museumId, input.articleId, input.lang);
      // Refused again (flagged): the text visitors read stays what it was.
      return segmentOf(
        { ...view!, machine: made.text ?? view!.machine, flags: [...made.flags] },
        mine,
      );
    },

    /** Machine texts approved as they are: they become `reviewed`. One without any is refused. */
    async approve(
      who: Reviewer,
      input: { articleId: number; lang: string; segmentIds: string[] },
    ): Promise<{ articleId: number; lang: string; approved: number }> {
      const { texts } = await open(who.museumId, input.articleId, input.lang);
      // A text named twice is approved once (one row per text: never two writes of one row).
      const views = [...new Set(findSegments(texts, input.segmentIds, 'segmentIds'))];
      const entries = approvals(views, input.segmentIds);
      await save(who, input.articleId, input.lang, entries);
      return { articleId: input.articleId, lang: input.lang, approved: entries.length };
    },

    /**
     * Texts checked outside Legenda (an XLIFF file, xliff-service.ts, which has found the article
     * in the museum and every ref in it): saved in every language at once, all or none.
     */
    async saveChecked(
      who: Reviewer,
      articleId: number,
      entries: readonly (CheckedEntry & { language: string })[],
    ): Promise<void> {
      await deps.checked.saveLanguages(
        { museumId: who.museumId, articleId, checkedBy: who.userId },
        entries,
      );
      if (entries.length === 0) return;
      const languages = [...new Set(entries.map((e) => e.language))];
      await reviewed(who.museumId, articleId, languages);
      // The overview counts the imported languages again, as after any of the museum's writes.
      for (const lang of languages) await recount(who.museumId, articleId, lang);
    },
  };
}

/**
 * Translations a museum can stand behind: each text of an article in a language, with its
 * state, and the museum's corrections and approvals (checked.ts). `events` is told after every
 * write (src/app/subscribers.ts): the visitor pages this process keeps are dropped at once.
 */
export function reviewService(deps: ReviewDeps) {
  const reads = reviewReads(deps);
  return { ...reads, ...reviewWrites(deps, reads) };
}

/** How many segments are in each state, and how many are flagged. */
export function countStates(segments: readonly ReviewSegment[]): StateCounts {
  const counts: StateCounts = { missing: 0, machine: 0, reviewed: 0, stale: 0, flagged: 0 };
  for (const s of segments) {
    counts[s.state] += 1;
    if (s.flags) counts.flagged += 1;
  }
  return counts;
}

export type ReviewService = ReturnType<typeof reviewService>;
