import type { ProblemPath } from './validate.ts';

/**
 * Moves the focus to a problem a refused save names: the first invalid field of its card (the
 * article's fields, an element or one of its details), else the card's heading.
 */
export function focusProblem(path: ProblemPath): void {
  const root = document.querySelector('.article-editor');
  if (!root) return;
  let scope = root.querySelector('.editor-meta');
  const index = path[0];
  if (typeof index === 'number' && index > 0) {
    scope = root.querySelector(`.element-list > li:nth-child(${index})`);
    const at = path.indexOf('details');
    const detail = path[at + 1];
    if (at >= 0 && typeof detail === 'number') {
      scope = scope?.querySelector(`.detail-list > li:nth-child(${detail + 1})`) ?? scope;
    }
  }
  const target =
    scope?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
    scope?.querySelector<HTMLElement>('.element-card__title, .detail-card__title') ??
    root.querySelector<HTMLElement>('[aria-invalid="true"]');
  target?.focus();
}

/** A field whose typed text the content could not take (see NumberField): where and why. */
export type TypedProblem = {
  input: HTMLInputElement;
  /** Which element (and detail) it is in: [3] or [3, 'details', 1]; [] for the article's. */
  path: ProblemPath;
  field: string;
  message: string;
};

/** Position of a list item among its siblings, from 0. */
const positionOf = (item: Element) =>
  Array.prototype.indexOf.call(item.parentElement?.children ?? [], item);

/**
 * The editor's fields that show a typed value the content does not hold (marked
 * `data-unkept`), in the page's order. Saving must not say 'saved' while one of them is there:
 * the curator would believe the typed value saved, and see it come back at its old value.
 */
export function typedProblems(): TypedProblem[] {
  const root = document.querySelector('.article-editor');
  if (!root) return [];
  return [...root.querySelectorAll<HTMLInputElement>('input[data-unkept]')].map((input) => {
    const element = input.closest('.element-list > li');
    const detail = input.closest('.detail-list > li');
    const path: (string | number)[] = element ? [positionOf(element) + 1] : [];
    if (element && detail) path.push('details', positionOf(detail));
    return {
      input,
      path,
      field: input.dataset.field ?? '',
      message: input.dataset.unkept ?? '',
    };
  });
}
