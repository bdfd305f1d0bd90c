import type { TFn } from '../../i18n/react.ts';
import {
  MAX_ALT_LENGTH,
  MAX_CAPTION_LENGTH,
  MAX_INSTRUCTIONS_LENGTH,
  MAX_PUBLIC_TITLE_LENGTH,
  MAX_TEXT_LENGTH,
  MAX_TITLE_LENGTH,
  MAX_URL_LENGTH,
  SPACE_MAX,
  STYLE_MAX,
  STYLE_MIN,
  URL_PATTERN,
  hasControlCharacters,
} from '../articles/content-fields.ts';
import type { Draft } from './state.ts';
import { typeLabel } from './labels.ts';
import { valueAt, type Problem, type ProblemPath } from './validate.ts';

/** The translated label of the field a path ends on. */
function fieldLabel(t: TFn, draft: Draft, path: ProblemPath): string {
  const key = path.at(-1);
  const parent = valueAt(draft, path.slice(0, -1)) as { type?: unknown } | undefined;
  const type = parent?.type;
  switch (key) {
    case 'title':
      return t('editor.field.title');
    case 'publicTitle':
      return t('editor.field.publicTitle');
    case 'stop':
      return t('stops.field');
    case 'instructions':
      return t('editor.field.instructions');
    case 'url':
      return t('editor.field.url');
    case 'backgroundColor':
      return type === 'metadatas'
        ? t('editor.field.background')
        : t('editor.field.elementBackground');
    case 'content':
      return path.includes('header') ? t('editor.field.headerContent') : t('editor.field.content');
    case 'src':
      return type === 'video' || type === 'audio'
        ? t(`editor.field.${type}`)
        : t('editor.field.image');
    case 'size':
      return type === 'space' ? t('editor.field.spaceSize') : t('editor.field.size');
    case 'width':
      return t('editor.field.legendWidth');
    case 'alt':
    case 'caption':
    case 'transcript':
      return t(`editor.field.${key}`);
    case 'justify':
      return type === 'legendItem' ? t('editor.field.side') : t('editor.field.justify');
    case 'bold':
    case 'italic':
    case 'fontSize':
    case 'color':
    case 'lineHeight':
    case 'align':
    case 'link':
    case 'subtitles':
    case 'videoId':
      return t(`editor.field.${key}`);
    default:
      return typeof key === 'string' ? key : t('editor.article');
  }
}

/** Our wording of a problem, in the interface language; the schema's message otherwise. */
export function problemMessage(t: TFn, draft: Draft, problem: Problem): string {
  const { path } = problem;
  const key = path.at(-1);
  const value = valueAt(draft, path);
  const parent = valueAt(draft, path.slice(0, -1)) as { type?: unknown } | undefined;
  switch (key) {
    case 'title':
      if (typeof value === 'string' && value.trim() === '') return t('editor.errors.title');
      return typeof value === 'string' && value.length > MAX_TITLE_LENGTH
        ? t('editor.errors.tooLong', { max: MAX_TITLE_LENGTH })
        : t('editor.errors.text');
    case 'instructions':
      return typeof value === 'string' && value.length > MAX_INSTRUCTIONS_LENGTH
        ? t('editor.errors.tooLong', { max: MAX_INSTRUCTIONS_LENGTH })
        : t('editor.errors.text');
    case 'publicTitle':
      return (
        publicTitleMessage(t, typeof value === 'string' ? value : '') ?? t('editor.errors.invalid')
      );
    case 'url':
      return urlMessage(t, typeof value === 'string' ? value : '') ?? t('editor.errors.urlTaken');
    case 'stop':
      return t('stops.range');
    case 'fontSize':
    case 'lineHeight':
    case 'size':
    case 'width':
      return t('editor.errors.range', {
        min: STYLE_MIN,
        max: parent?.type === 'space' ? SPACE_MAX : STYLE_MAX,
      });
    case 'link':
      return t('editor.errors.link');
    case 'color':
    case 'backgroundColor':
      return t('editor.errors.color');
    case 'content':
    case 'transcript':
      return typeof value === 'string' && value.length > MAX_TEXT_LENGTH
        ? t('editor.errors.tooLong', { max: MAX_TEXT_LENGTH })
        : t('editor.errors.text');
    case 'alt':
    case 'caption': {
      const max = key === 'alt' ? MAX_ALT_LENGTH : MAX_CAPTION_LENGTH;
      return typeof value === 'string' && value.length > max
        ? t('editor.errors.tooLong', { max })
        : t('editor.errors.text');
    }
    case 'src':
    case 'subtitles':
      return t('editor.errors.media');
    case 'videoId':
      return t('editor.errors.videoId');
    default:
      // Never the schema's or the server's English words in the interface.
      return t('editor.errors.invalid');
  }
}

/** What is wrong with a public title (too long once trimmed, a control character), or null. */
export function publicTitleMessage(t: TFn, title: string): string | null {
  if (hasControlCharacters(title)) return t('editor.errors.text');
  if (title.replace(/\s+/g, ' ').trim().length > MAX_PUBLIC_TITLE_LENGTH) {
    return t('editor.errors.tooLong', { max: MAX_PUBLIC_TITLE_LENGTH });
  }
  return null;
}

/** What is wrong with an article url, or null when it is valid (letters, digits and dashes standing for spaces). */
export function urlMessage(t: TFn, url: string): string | null {
  if (url === '') return t('editor.errors.urlEmpty');
  if (url.length > MAX_URL_LENGTH) return t('editor.errors.tooLong', { max: MAX_URL_LENGTH });
  if (!URL_PATTERN.test(url)) return t('editor.errors.urlPattern');
  return null;
}

/** Which element (and detail) a path is in: 'Element 3: Text, Detail 2: Link'. */
export function placeOf(t: TFn, draft: Draft, path: ProblemPath): string {
  const index = path[0];
  if (typeof index !== 'number' || index === 0) return t('editor.settings');
  const element = draft.content[index];
  let place = t('editor.element', { n: index, type: typeLabel(t, element?.type) });
  const at = path.indexOf('details');
  const detail = path[at + 1];
  if (at >= 0 && typeof detail === 'number' && element?.type === 'accordion') {
    place += `, ${t('editor.detail', { d: detail + 1, type: typeLabel(t, element.details[detail]?.type) })}`;
  } else if (path.includes('header')) {
    place += `, ${t('editor.header')}`;
  }
  return place;
}

/** One line naming a problem: where, which field and what is wrong. */
export function describeProblem(t: TFn, draft: Draft, problem: Problem, message?: string): string {
  return t('editor.problem', {
    where: placeOf(t, draft, problem.path),
    field: fieldLabel(t, draft, problem.path),
    message: message ?? problemMessage(t, draft, problem),
  });
}
