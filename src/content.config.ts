import { defineCollection } from 'astro:content';
import { glob } from 'astro/loaders';
import { blogPostSchema } from './site/blog/schema.ts';

/**
 * The blog: one Markdown file per post and language in
 * content/blog/{fr,en}/, edited by hand or in Decap CMS at /admin (public/admin/config.yml).
 * A post's id is '{lang}/{file name}'; both languages of a post share the file name.
 */
const blog = defineCollection({
  loader: glob({ pattern: '{fr,en}/*.md', base: './content/blog' }),
  schema: blogPostSchema,
});

export const collections = { blog };
