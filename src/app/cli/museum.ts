import type { Database } from '../../server/db/handle.ts';
import { AccountError } from '../../features/accounts/service.ts';
import { guideRepo } from '../../features/reader/guide/guide-repo.ts';
import { guidePath, SLUG_MAX, slugOf } from '../../features/reader/guide/slug.ts';

/** A museum option that cannot be done: said, nothing changed. */
export class MuseumError extends AccountError {}

/** The --slug value: a slug, null for `none` (the address removed), undefined when left out. */
export function parseSlug(value: string | undefined): string | null | undefined {
  if (value === undefined) return undefined;
  if (value.trim().toLowerCase() === 'none') return null;
  const slug = slugOf(value);
  if (!slug) {
    throw new MuseumError(
      `--slug must be letters (a to z), digits and single dashes between them, at most ` +
        `${SLUG_MAX} characters, such as "musee-du-port" (got "${value}"); nothing was changed.`,
    );
  }
  return slug;
}

/**
 * `npm run users -- museum --museum "Name" [--slug name|none]`: sets the museum's public
 * address name (its guide home, /visit/{slug}), then says it.
 */
export async function museumCommand(
  db: Database,
  input: { museum: string; slug: string | null | undefined },
): Promise<string> {
  const repo = guideRepo(db);
  const name = input.museum.trim();
  const unknown = () => new MuseumError(`No museum is named "${name}"; nothing was changed.`);
  const said = (slug: string | null) =>
    slug === null
      ? `"${name}" has no guide address.`
      : `Guide address of "${name}": ${guidePath(slug)}`;
  if (input.slug === undefined) {
    const slug = await repo.slugOf(name);
    if (slug === undefined) throw unknown();
    return said(slug);
  }
  const done = await repo.setSlug(name, input.slug);
  if (!done.ok && done.reason === 'no_museum') throw unknown();
  if (!done.ok) {
    throw new MuseumError(
      `The guide address "${input.slug}" is another museum's; nothing was changed.`,
    );
  }
  return `Changed. ${said(input.slug)}`;
}
