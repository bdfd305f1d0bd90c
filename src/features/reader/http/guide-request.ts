import type { Visitor } from '../../stats/repeats.ts';
import { STOP_MAX, STOP_MIN } from '../../articles/content-fields.ts';
import { rememberedLanguage } from './language-cookie.ts';
import { asking, type Asking, type RequestReader } from './request.ts';
import { isSaveRequest, SAVE_HEADER } from '../offline.ts';
import type { GuidePageRequest } from '../guide/guide-pages.ts';
import type { GuideAsk } from '../guide/guide-types.ts';
import { MAX_QUERY } from '../guide/guide-search.ts';
import { slugOf } from '../guide/slug.ts';

/** What the guide home's boxes asked: a stop number wins over a search; bad input is said. */
export function guideAsk(q: string | undefined, stop: string | undefined): GuideAsk {
  const wanted = stop?.trim() ?? '';
  if (wanted !== '') {
    const n = /^\d{1,4}$/.test(wanted) ? Number(wanted) : NaN;
    return n >= STOP_MIN && n <= STOP_MAX
      ? { kind: 'stop', stop: n }
      : { kind: 'bad', problem: 'badStop' };
  }
  const words = q?.replace(/\s+/g, ' ').trim() ?? '';
  if (words === '') return { kind: 'home' };
  // Counted in characters as a visitor types them, emoji and all.
  if (Array.from(words).length > MAX_QUERY) return { kind: 'bad', problem: 'queryTooLong' };
  return { kind: 'search', q: words };
}

/**
 * /visit/{slug}: the guide asked for, checked (undefined `request`: no museum can have this
 * address). The language: the address's `lang`, else the one chosen before; without either,
 * the phone's (guide.ts).
 */
export function guideRequest(
  slugParam: string,
  req: RequestReader,
  visitor: Visitor,
  background: GuidePageRequest['background'],
): { request: GuidePageRequest | undefined; ask: Asking } {
  const ask = asking(req);
  const slug = slugOf(slugParam);
  if (!slug) return { request: undefined, ask };
  const q = req.query('q');
  return {
    request: {
      slug,
      lang: ask.langGiven ? ask.asked : rememberedLanguage(ask.cookie),
      choose: ask.choose,
      // While the picker shows, `q` is its own search for a language.
      ask: ask.choose ? { kind: 'home' } : guideAsk(q, req.query('stop')),
      pickerQuery: ask.choose ? ask.query : undefined,
      acceptLanguage: req.header('accept-language'),
      background,
      visitor,
      ignoreStats: ask.preview,
      saving: isSaveRequest(req.header(SAVE_HEADER)),
    },
    ask,
  };
}
