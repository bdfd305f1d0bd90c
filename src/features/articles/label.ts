/**
 * How staff screens name an article, the same on every one (tree, QR codes, statistics,
 * translations, circuits): its private name, or 'Article {id}' while it has none, with the title
 * shown to visitors beside it where there is room. 'Article' is the word in every interface
 * language, so the server (statistics' series names) and the screens write the same string.
 */

/** What a staff screen knows of an article to name it. */
export interface NamedArticle {
  id: number;
  /** The private name (unformatted_name); may be empty. */
  title: string;
  /** The title shown to visitors (the metadatas entry's publicTitle); may be empty or absent. */
  publicTitle?: string | null | undefined;
}

/** The name of an article without one: the same string on every screen. */
export const untitledName = (id: number): string => `Article ${id}`;

/** The private name, or the untitled name: where there is room for one name only. */
export function articleName(article: NamedArticle): string {
  return article.title.trim() || untitledName(article.id);
}

/** The public title when it says something the name does not; undefined otherwise. */
export function publicTitleBeside(article: NamedArticle): string | undefined {
  const shown = (article.publicTitle ?? '').trim();
  return shown === '' || shown === article.title.trim() ? undefined : shown;
}

/** The private name and, beside it, the public title: 'Salle 2, vitrine 4 — La Joconde'. */
export function articleLabel(article: NamedArticle): string {
  const beside = publicTitleBeside(article);
  return beside === undefined ? articleName(article) : `${articleName(article)} — ${beside}`;
}

/**
 * A heading that names the article with its id ('Article 4 : Vitrine', the editor's): an
 * untitled article is named by its untitled name alone, never 'Article 4 : ' with nothing after.
 */
export function numberedName(article: NamedArticle, numbered: (name: string) => string): string {
  const name = article.title.trim();
  return name === '' ? untitledName(article.id) : numbered(name);
}
