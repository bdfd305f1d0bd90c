import { getCollection, type CollectionEntry } from 'astro:content';
import { localePath, type Lang } from '../../i18n/paths.ts';

export type Post = CollectionEntry<'blog'>;

/** The file name a post's two languages share ('fr/guarani' -> 'guarani'). */
export function fileName(post: Post): string {
  return post.id.slice(post.id.indexOf('/') + 1);
}

export function langOf(post: Post): Lang {
  return post.id.startsWith('en/') ? 'en' : 'fr';
}

/** The address segment of a post in its language: its `route`, or its file name. */
export function routeOf(post: Post): string {
  return post.data.route ?? fileName(post);
}

export function postPath(post: Post): string {
  return localePath(langOf(post), `/blog/${routeOf(post)}`);
}

/** A language's posts, newest first (ties by title, so the order never depends on the disk). */
export async function postsIn(lang: Lang): Promise<Post[]> {
  const all = await getCollection('blog', (post) => langOf(post) === lang);
  return all.sort(
    (a, b) =>
      b.data.date.getTime() - a.data.date.getTime() || a.data.title.localeCompare(b.data.title),
  );
}

/** The same post in the other language, when it has been written. */
export async function twinOf(post: Post): Promise<Post | undefined> {
  const other: Lang = langOf(post) === 'fr' ? 'en' : 'fr';
  const all = await getCollection('blog');
  return all.find((p) => langOf(p) === other && fileName(p) === fileName(post));
}
