import type { Lang } from '../../i18n/index.ts';
import type { TFn } from '../../i18n/react.ts';
import { formatZoned, zoneName } from '../../ui/zoned-time.ts';
import type { Publication } from './publication.ts';

/**
 * The article's publication as the toolbar says it, times on the museum's clocks and named as
 * such: 'Publié depuis le 27 novembre 2026 à 14:05 (heure de Paris)', 'Non publié…', 'Publication
 * prévue le…'. Null while the museum's time zone is not known yet (no time said in another zone).
 */
export function publicationText(
  t: TFn,
  lang: Lang,
  publication: Publication | undefined,
  zone: string | null,
): string | null {
  if (!publication) return null;
  if (publication.state === 'unpublished') return t('publishing.unpublished');
  if (zone === null) return null;
  const at = publication.state === 'scheduled' ? publication.publishAt : publication.publishedAt;
  if (!at) return null;
  const vars = { when: formatZoned(at, zone, lang), zone: zoneName(t, zone) };
  return t(
    publication.state === 'scheduled' ? 'publishing.scheduled' : 'publishing.published',
    vars,
  );
}

/** What the publishing menu offers for this state (Schedule always: now, or changed). */
export function publishingChoices(publication: Publication | undefined, hasDraft: boolean) {
  const state = publication?.state ?? 'published';
  return {
    scheduled: state === 'scheduled',
    discard: hasDraft,
    // Visitors read a version: while published, and while a publish is planned after one.
    unpublish: state === 'published' || (state === 'scheduled' && !!publication?.publishedAt),
  };
}
