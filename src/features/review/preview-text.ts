import { italicSegments } from '../articles/italics.ts';

/**
 * Finding a text of the article in the phone preview (the visitor page in a frame of this site)
 * and bringing it into view there, marked for a moment: the curator sees the text being edited
 * as visitors will.
 */

/** A text as the page shows it: `[! !]` markers gone, spaces as one. */
export function shownText(text: string): string {
  return italicSegments(text)
    .map((part) => part.text)
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** What an element shows: a picture its description, anything else its words. */
const wordsOf = (element: Element) =>
  (element.tagName === 'IMG' ? element.getAttribute('alt') : element.textContent) ?? '';

/** Drawn on the page: not hidden, nor a heading only screen readers get (a pixel wide). */
function shown(element: Element): boolean {
  const box = element.getBoundingClientRect();
  return box.width > 1 && box.height > 1;
}

/**
 * The innermost element of the page's article showing one of `texts` (the first found wins, in
 * their order), or null when none is on the page (a text not saved yet, a picture with no file).
 */
export function findText(doc: Document, texts: readonly string[]): Element | null {
  const elements = [...doc.querySelectorAll('.reader *')];
  for (const text of texts) {
    const wanted = shownText(text);
    if (wanted === '') continue;
    const found = elements.filter((el) => shownText(wordsOf(el)) === wanted && shown(el));
    // The innermost: an element holding no other match (its parents hold the same words).
    const inner = found.find((el) => !found.some((other) => other !== el && el.contains(other)));
    if (inner) return inner;
  }
  return null;
}

/**
 * Scrolls the page to the first of `texts` it shows, a third down its window, opening the
 * accordion it is in, and outlines it for two seconds. Only the frame's own page scrolls (no
 * scrollIntoView, which would move the review screen around it too).
 */
export function showText(doc: Document, texts: readonly string[]): void {
  const element = findText(doc, texts);
  const view = doc.defaultView;
  if (!element || !view) return;
  for (
    let open = element.closest('details');
    open;
    open = open.parentElement?.closest('details') ?? null
  ) {
    open.open = true;
  }
  const top = element.getBoundingClientRect().top + view.scrollY - view.innerHeight / 3;
  view.scrollTo({ top: Math.max(0, top) });
  element.animate(
    [
      { outline: '3px solid #f5b700', outlineOffset: '2px' },
      { outline: '3px solid #f5b700', outlineOffset: '2px', offset: 0.8 },
      { outline: '3px solid transparent', outlineOffset: '2px' },
    ],
    { duration: 2000 },
  );
}
