import { useCallback, useEffect, useRef, useState, type Dispatch } from 'react';
import type { TFn } from '../../i18n/react.ts';
import { fetchData } from '../../ui/server-state.ts';
import { toast } from '../../ui/toast.ts';
import { draftOf, type ArticleAnswer } from './article.ts';
import { articleRoute } from './calls.ts';
import { sameDraft, type Action, type Draft } from './state.ts';

export type ArticleLoad =
  | { status: 'loading' }
  | { status: 'ready'; article: ArticleAnswer; saved: Draft }
  | { status: 'notFound' }
  | { status: 'failed' }
  /** 401: silently ignored; Protected sends a logged-out visitor to sign-in. */
  | { status: 'signedOut' };

/**
 * Replaces the draft with the loaded article: always (undefined), only while the draft is still
 * `base` (nothing typed meanwhile), or never (null: after a reset, edits in progress stay).
 */
export type ReloadBase = Draft | null | undefined;

/**
 * GET /api/read/article: the article as saved, its draft kept in step. `baseRevision`
 * is the revision the draft is based on, sent with each save so that a save over someone else's
 * newer one is refused: set when a load replaces the whole draft and when a save succeeds, never
 * by a reload that may keep edits (after a save or a reset), so that it is never newer than what
 * the draft was built on (at worst a save is refused for nothing; never one lost silently).
 */
export function useArticle(t: TFn, articleId: number, dispatch: Dispatch<Action>) {
  const [load, setLoad] = useState<ArticleLoad>({ status: 'loading' });
  const seq = useRef(0);
  const basis = useRef<number | null>(null);

  /** True when the article was loaded (and, without `base`, the draft replaced). */
  const reload = useCallback(
    async (base?: ReloadBase): Promise<boolean> => {
      let loaded = false;
      const mine = ++seq.current;
      const failed = (previous: ArticleLoad): ArticleLoad =>
        previous.status === 'ready' ? previous : { status: 'failed' };
      let next: (previous: ArticleLoad) => ArticleLoad = failed;
      const { data: article, error } = await fetchData(articleRoute(articleId));
      if (error?.status === 401) {
        next = (previous) => (previous.status === 'ready' ? previous : { status: 'signedOut' });
      } else if (error?.status === 404) {
        next = () => ({ status: 'notFound' });
      } else if (article) {
        const saved = draftOf(article);
        // The snapshot keeps its objects when equal: the dirty check then compares identities.
        next = (previous) => ({
          status: 'ready',
          article,
          saved:
            previous.status === 'ready' && sameDraft(previous.saved, saved)
              ? previous.saved
              : saved,
        });
        if (mine === seq.current) loaded = true;
        if (mine === seq.current && base === undefined) basis.current = article.revision;
        if (mine === seq.current && base !== null) {
          dispatch(
            base === undefined
              ? { type: 'load', draft: saved }
              : { type: 'load', draft: saved, base },
          );
        }
      } else {
        toast.error(t(error?.status === 0 ? 'common.networkError' : 'editor.loadFailed'));
      }
      // An older answer arriving late must not replace a newer one.
      if (mine === seq.current) setLoad(next);
      return loaded;
    },
    [articleId, dispatch, t],
  );

  useEffect(() => {
    void reload();
  }, [reload]);

  /**
   * After a save: what was sent is what is stored, at `revision`, before the reload confirms
   * it; the next save is based on it (a second save from this tab is no conflict).
   */
  const markSaved = useCallback((saved: Draft, revision: number) => {
    basis.current = revision;
    setLoad((previous) =>
      previous.status === 'ready'
        ? { ...previous, saved, article: { ...previous.article, revision } }
        : previous,
    );
  }, []);

  const baseRevision = useCallback(() => basis.current, []);

  return { load, reload, markSaved, baseRevision };
}
