/**
 * A museum's public address name, its guide home's `/visit/{slug}`: ASCII letters, digits and
 * single dashes between them (an address a visitor can type from a poster, the same in every
 * browser), stored lower-cased so that one museum has one address whatever the case typed.
 */

export const SLUG_MAX = 60;

const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** `text` as a stored slug (trimmed, lower-cased), or undefined when it cannot be one. */
export function slugOf(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  const slug = text.trim().toLowerCase();
  return slug.length <= SLUG_MAX && SLUG.test(slug) ? slug : undefined;
}

/** The guide home's path of a slug. */
export const guidePath = (slug: string): `/visit/${string}` => `/visit/${slug}`;
