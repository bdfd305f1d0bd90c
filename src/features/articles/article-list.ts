// The museum's list of articles as staff screens show it: the QR detail's picker, a circuit's
// stops, the statistics' selector. One route and one hook, so a page asks for it once.
import { getRoute } from '../../ui/api.ts';
import { useServerData, type ServerData } from '../../ui/server-state.ts';

/** One line of GET /api/read/articles. */
export interface ArticleChoice {
  id: number;
  /** The url name (the visitor page's `name`). */
  name: string;
  /** The title staff gave it; may be empty. */
  unformatted_name: string;
  /** The title shown to visitors; absent when it has none. */
  public_title?: string;
  /** The stop number of its published version; absent when it has none. */
  stop?: number;
}

const isArticleChoice = (value: unknown): value is ArticleChoice => {
  const line = value as Partial<ArticleChoice> | null;
  return (
    typeof line === 'object' &&
    line !== null &&
    typeof line.id === 'number' &&
    typeof line.name === 'string' &&
    typeof line.unformatted_name === 'string' &&
    (line.public_title === undefined || typeof line.public_title === 'string') &&
    (line.stop === undefined || typeof line.stop === 'number')
  );
};

/** GET /api/read/articles: every article, by title in the museum's reading order. */
export const articlesRoute = getRoute<ArticleChoice[]>(
  '/api/read/articles',
  (body) => Array.isArray(body) && body.every(isArticleChoice),
);

/** The museum's articles, loaded once for the whole page. */
export const useArticleList = (): ServerData<ArticleChoice[]> => useServerData(articlesRoute);
