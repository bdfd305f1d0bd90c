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
