import * as z from 'zod';

/**
 * A post's front matter. Decap CMS writes the same fields (public/admin/config.yml); a test
 * checks that a post made in the CMS passes this schema.
 */
export const blogPostSchema = z.object({
  title: z.string().trim().min(1).max(160),
  /** The card's and the search result's description. */
  description: z.string().trim().min(1).max(300),
  /** Publication day (YAML date, YYYY-MM-DD); cards show it as DD-MM-YYYY, newest first. */
  date: z.coerce.date(),
  /** Site path of the cover, 1200×630 (Decap's media folder is public/images/blog). */
  cover: z.string().regex(/^\/images\/blog\/[\w.-]+\.(webp|jpg|jpeg|png|avif)$/),
  coverAlt: z.string().trim().max(300).default(''),
  author: z.string().trim().min(1).max(120),
  /** The cards carry an empty tag list; the field is kept for later use. */
  tags: z.array(z.string().trim().min(1).max(40)).default([]),
  /** The address segment in this language when it differs from the file name (why-legenda). */
  // Decap writes `route: ""` when the field is typed in then cleared: the same as no route.
  route: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z
      .string()
      .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/)
      .optional(),
  ),
});

export type BlogPost = z.infer<typeof blogPostSchema>;
