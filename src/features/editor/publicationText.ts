import type { Lang } from '../../i18n/paths.ts';
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

/**
 * The planned end as the toolbar says it: 'Quitte le guide le 3 mars 2027 à 18:00 (heure de
 * Paris)' (docs/adr/0038-scheduled-end-of-publication.md). Null when none is planned, or while
 * the museum's time zone is not known yet.
 */
export function endingText(
  t: TFn,
  lang: Lang,
  publication: Publication | undefined,
  zone: string | null,
): string | null {
  const at = publication?.unpublishAt;
  if (!at || zone === null) return null;
  return t('publishing.ending', { when: formatZoned(at, zone, lang), zone: zoneName(t, zone) });
}

/**
 * What the publishing menu offers for this state (Schedule always: now, or changed). An end is
 * offered to an article visitors read or will read, and to one that has an end planned.
 */
export function publishingChoices(publication: Publication | undefined, hasDraft: boolean) {
  const state = publication?.state ?? 'published';
  const ending = !!publication?.unpublishAt;
  return {
    scheduled: state === 'scheduled',
    end: state !== 'unpublished' || ending,
    ending,
    discard: hasDraft,
    // Visitors read a version: while published, and while a publish is planned after one.
    unpublish: state === 'published' || (state === 'scheduled' && !!publication?.publishedAt),
  };
}
