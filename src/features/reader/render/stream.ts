import type { ArticleContent } from '../../articles/content.ts';
import type { renderArticleParts } from './page-parts.ts';
import type { Visit } from '../visit/visit-types.ts';

/**
 * How long a first translation's page may stream before it ends and reloads itself: Netlify's
 * synchronous functions stop at 60 s. The reload shows what is ready then (stored, or landed in
 * this process's job), and streams the rest.
 */
export const STREAM_LIMIT_MS = 45_000;

/**
 * How long the page's head waits for the first blocks (the title is their first words) before it
 * goes with the product's name for a title: with the visit's first wait, under 2.5 s.
 */
export const HEAD_WAIT_MS = 1_500;

const sleep = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref?.();
  });

/** What ends a streamed page without its last blocks: the page reloads itself in a second. */
const RELOAD = '<meta http-equiv="refresh" content="1">';

type Translating = Extract<Visit, { kind: 'translating' }>;

/**
 * A first translation's page as it is made (ADR 0017): the head, the blocks already
 * translated from the top, then each further run of translated blocks as batches land, then the
 * footer. Blocks go once each, in order, and only whole (every text of theirs translated): never
 * the original mixed in. After each piece, a "still translating" line (only the last shows). A
 * translation that fails, or outlasts `limitMs`, ends the page with a reload instead of its last
 * blocks (the reload shows the original with a note, or what is ready).
 */
export async function* streamTranslation(
  visit: Translating,
  parts: (titleFrom: ArticleContent) => ReturnType<typeof renderArticleParts>,
  limitMs = STREAM_LIMIT_MS,
  headWaitMs = HEAD_WAIT_MS,
): AsyncGenerator<string> {
  const deadline = performance.now() + limitMs;
  let wake = visit.changed();
  let now = visit.landed();
  if (now.blocks === 0) {
    // The head carries the title, the first words: worth a moment's wait for them.
    await Promise.race([wake, visit.finished, sleep(headWaitMs)]);
    wake = visit.changed();
    now = visit.landed();
  }
  const page = parts(now.content.slice(0, now.blocks + 1) as ArticleContent);
  let shown = 0;
  let noted = false;
  /** The blocks after those shown up to `upTo`; the note first when one is in the source. */
  const more = (content: ArticleContent, upTo: number, source?: readonly number[]): string => {
    if (upTo <= shown) return '';
    const refused = !noted && (source ?? []).some((block) => block > shown && block <= upTo);
    noted ||= refused;
    const html = (refused ? page.sourceNote : '') + page.blocks(content, shown + 1, upTo);
    shown = upTo;
    return html;
  };
  const total = visit.content.length - 1;
  // The "still translating" line, after each piece but the one that ends the article.
  const wait = () => (shown < total ? page.wait : '');
  yield page.head + more(now.content, now.blocks, now.source) + wait();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(resolve, Math.max(0, deadline - performance.now()), 'late');
    timer.unref?.();
  });
  const finished = visit.finished.then((content) => ({ content }));
  try {
    for (;;) {
      const next = await Promise.race([wake.then(() => 'landed' as const), finished, late]);
      if (next === 'late') {
        yield RELOAD + page.wait;
        break;
      }
      if (next === 'landed') {
        wake = visit.changed();
        now = visit.landed();
        const html = more(now.content, now.blocks, now.source);
        if (html) yield html + wait();
        continue;
      }
      if (next.content === undefined) {
        yield RELOAD + page.wait;
        break;
      }
      // The whole article has come: its last blocks, then Listen, without a reload.
      const source = (await visit.sourceBlocks) ?? [];
      yield more(next.content, next.content.length - 1, source) + page.end(source);
      break;
    }
  } finally {
    clearTimeout(timer);
  }
  yield page.tail;
}
