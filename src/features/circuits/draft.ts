// The circuits screen's pure parts: the draft a curator edits, the public
// name suggested from the title, moving a stop, and the errors (the screen's own checks and the
// server's answers) as interface words by field. No zod, no React: the browser bundle stays
// small and every rule here is unit-tested (draft.test.ts).
import type { TKey, TVars } from '../../i18n/index.ts';
import type { ArticleChoice } from '../articles/article-list.ts';
import type { CircuitDocument } from './schema.ts';

/** The limits of schema.ts, repeated so zod stays out of the bundle (draft.test.ts checks). */
export const LIMITS = {
  title: 120,
  name: 100,
  intro: 5_000,
  stops: 200,
} as const;

/** A public name: letters, digits and single dashes between them (articles/content.ts). */
export const NAME_PATTERN = /^[A-Za-z0-9]+(?:-[A-Za-z0-9]+)*$/;

/** An article a stop may be, as GET /api/read/articles lists it. */
export type ArticleOption = ArticleChoice;

export interface Draft {
  /** Undefined: a new circuit. */
  id: number | undefined;
  title: string;
  name: string;
  /** Once the curator has typed a name (or the circuit is saved), the title no longer sets it. */
  nameEdited: boolean;
  intro: string;
  articleIds: number[];
}

export const EMPTY_DRAFT: Draft = {
  id: undefined,
  title: '',
  name: '',
  nameEdited: false,
  intro: '',
  articleIds: [],
};

export const draftOf = (circuit: CircuitDocument): Draft => ({
  id: circuit.id,
  title: circuit.title,
  name: circuit.name,
  nameEdited: true,
  intro: circuit.intro,
  articleIds: [...circuit.articleIds],
});

/** True when the draft holds something the curator would lose by closing it. */
export function isDirty(draft: Draft, saved: CircuitDocument | undefined): boolean {
  const base = saved ? draftOf(saved) : EMPTY_DRAFT;
  return (
    draft.title !== base.title ||
    draft.name !== base.name ||
    draft.intro !== base.intro ||
    draft.articleIds.length !== base.articleIds.length ||
    draft.articleIds.some((id, index) => id !== base.articleIds[index])
  );
}

const LIGATURES: Record<string, string> = { œ: 'oe', Œ: 'oe', æ: 'ae', Æ: 'ae', ß: 'ss' };

/**
 * A public name from a title: lower-case ASCII letters and digits, single dashes between
 * words, at most LIMITS.name characters cut at a dash ('Salle des Batailles (1837)' →
 * 'salle-des-batailles-1837'; 'Œuvres d’été' → 'oeuvres-d-ete'). Empty when nothing is left.
 */
export function suggestName(title: string): string {
  const ascii = title
    .replace(/[œŒæÆß]/g, (c) => LIGATURES[c] ?? c)
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  if (ascii.length <= LIMITS.name) return ascii;
  const cut = ascii.slice(0, LIMITS.name + 1);
  const dash = cut.lastIndexOf('-');
  return (dash > 0 ? cut.slice(0, dash) : ascii.slice(0, LIMITS.name)).replace(/-+$/, '');
}

/** The draft after the title changed: the name follows it until the curator edits the name. */
export function withTitle(draft: Draft, title: string): Draft {
  return draft.nameEdited ? { ...draft, title } : { ...draft, title, name: suggestName(title) };
}

/** `list` with the item at `from` moved to `to` (both clamped to the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  if (from < 0 || from >= next.length) return next;
  const target = Math.max(0, Math.min(next.length - 1, to));
  const [item] = next.splice(from, 1) as [T];
  next.splice(target, 0, item);
  return next;
}

/**
 * Where a dragged stop lands: the number of the other stops whose middle is above the pointer.
 * `middles` are the vertical middles of the stops as shown, the dragged one at `from`.
 */
export function dropIndex(middles: readonly number[], from: number, pointerY: number): number {
  let index = 0;
  middles.forEach((middle, i) => {
    if (i !== from && middle < pointerY) index += 1;
  });
  return index;
}

/** A message in the interface's language, said where it belongs. */
export interface Message {
  key: TKey;
  vars?: TVars;
}

export type Field = 'title' | 'name' | 'intro' | 'stops';

export interface Problems {
  title?: Message;
  name?: Message;
  intro?: Message;
  /** About the list of stops as a whole. */
  stops?: Message;
  /** About one stop, by its article's id. */
  stop: Record<number, Message>;
  /** About the whole form (the circuit is gone, the museum holds too many, the network…). */
  form?: Message | string;
}

export const NO_PROBLEMS: Problems = { stop: {} };

export const hasProblems = (p: Problems): boolean =>
  p.title !== undefined ||
  p.name !== undefined ||
  p.intro !== undefined ||
  p.stops !== undefined ||
  p.form !== undefined ||
  Object.keys(p.stop).length > 0;

/** The problems still shown once the curator changed the draft: a field's go when it changes. */
export function problemsAfter(problems: Problems, before: Draft, draft: Draft): Problems {
  if (!hasProblems(problems)) return problems;
  const stop = Object.fromEntries(
    Object.entries(problems.stop).filter(([id]) => draft.articleIds.includes(Number(id))),
  );
  return {
    title: draft.title === before.title ? problems.title : undefined,
    name: draft.name === before.name ? problems.name : undefined,
    intro: draft.intro === before.intro ? problems.intro : undefined,
    stops: draft.articleIds.length === before.articleIds.length ? problems.stops : undefined,
    stop,
    form: problems.form,
  };
}

/** The first field with a problem, in the form's order: where focus goes. */
export function firstProblem(p: Problems): Field | number | undefined {
  if (p.title) return 'title';
  if (p.name) return 'name';
  if (p.intro) return 'intro';
  if (p.stops) return 'stops';
  const stop = Object.keys(p.stop)[0];
  return stop === undefined ? undefined : Number(stop);
}

/** Control characters (schema.ts): none in a title; in an introduction, tab and line breaks only. */
const CONTROL = /\p{Cc}/u;
const CONTROL_IN_TEXT = /(?![\t\n\r])\p{Cc}/u;

/** The screen's own checks, before anything is sent: the server's rules, in the curator's words. */
export function checkDraft(draft: Draft): Problems {
  const problems: Problems = { stop: {} };
  const title = draft.title.trim();
  if (title === '') problems.title = { key: 'circuits.errors.titleEmpty' };
  else if (title.length > LIMITS.title)
    problems.title = { key: 'circuits.errors.tooLong', vars: { max: LIMITS.title } };
  else if (CONTROL.test(title)) problems.title = { key: 'circuits.errors.control' };
  if (draft.name === '') problems.name = { key: 'circuits.errors.nameEmpty' };
  else if (draft.name.length > LIMITS.name)
    problems.name = { key: 'circuits.errors.tooLong', vars: { max: LIMITS.name } };
  else if (!NAME_PATTERN.test(draft.name)) problems.name = { key: 'circuits.errors.namePattern' };
  if (draft.intro.trim().length > LIMITS.intro)
    problems.intro = { key: 'circuits.errors.tooLong', vars: { max: LIMITS.intro } };
  else if (CONTROL_IN_TEXT.test(draft.intro)) problems.intro = { key: 'circuits.errors.control' };
  if (draft.articleIds.length > LIMITS.stops)
    problems.stops = { key: 'circuits.errors.tooManyStops', vars: { max: LIMITS.stops } };
  const seen = new Set<number>();
  for (const id of draft.articleIds) {
    if (seen.has(id)) problems.stop[id] = { key: 'circuits.errors.stopTwice' };
    seen.add(id);
  }
  return problems;
}

type Detail = { path?: unknown; message?: unknown };

/** A server's words on one field (schema.ts, service.ts), as a message of ours. */
function fieldMessage(field: string, message: string): Message {
  if (/must not be empty/.test(message)) {
    if (field === 'name') return { key: 'circuits.errors.nameEmpty' };
    if (field === 'title') return { key: 'circuits.errors.titleEmpty' };
  }
  const max = /at most (\d+)/.exec(message)?.[1];
  if (max !== undefined) {
    return field === 'articleIds'
      ? { key: 'circuits.errors.tooManyStops', vars: { max: Number(max) } }
      : { key: 'circuits.errors.tooLong', vars: { max: Number(max) } };
  }
  if (/letters, digits/.test(message)) return { key: 'circuits.errors.namePattern' };
  if (/control characters/.test(message)) return { key: 'circuits.errors.control' };
  if (/already a stop/.test(message)) return { key: 'circuits.errors.stopTwice' };
  if (/not an article/.test(message)) return { key: 'circuits.errors.stopGone' };
  if (/already the address/.test(message)) return { key: 'circuits.errors.nameTaken' };
  if (/surrogate/.test(message)) return { key: 'circuits.errors.brokenText' };
  return { key: 'circuits.errors.invalid' };
}

/**
 * A refused save's problems by field: the 422 `invalid_body` and `invalid_text` details, 409
 * `name_taken` and `too_many_circuits`, 404 (the circuit was deleted meanwhile). `sent` is the
 * list of stops as sent, so `articleIds.3` names its article whatever the curator does next.
 * Undefined when the answer names no field: the caller says it in general words.
 */
export function serverProblems(
  status: number,
  body: unknown,
  sent: readonly number[],
): Problems | undefined {
  const error = (body as { error?: { code?: unknown; details?: unknown } } | null)?.error;
  const code = typeof error?.code === 'string' ? error.code : '';
  if (status === 404 && code === 'not_found') return { stop: {}, form: { key: 'circuits.gone' } };
  if (code === 'too_many_circuits') return { stop: {}, form: { key: 'circuits.errors.tooMany' } };
  if (code === 'name_taken') return { stop: {}, name: { key: 'circuits.errors.nameTaken' } };
  if (code !== 'invalid_body' && code !== 'invalid_text') return undefined;
  const details = Array.isArray(error?.details) ? (error.details as Detail[]) : [];
  const problems: Problems = { stop: {} };
  for (const detail of details) {
    const path = typeof detail.path === 'string' ? detail.path : '';
    const message = code === 'invalid_text' ? 'surrogate' : String(detail.message ?? '');
    const [field, index] = path.split('.');
    if (field === 'title' || field === 'name' || field === 'intro') {
      problems[field] ??= fieldMessage(field, message);
    } else if (field === 'articleIds' && index !== undefined && /^\d+$/.test(index)) {
      const id = sent[Number(index)];
      if (id === undefined) problems.stops ??= fieldMessage(field, message);
      else problems.stop[id] ??= fieldMessage(field, message);
    } else if (field === 'articleIds') {
      problems.stops ??= fieldMessage(field, message);
    }
  }
  return hasProblems(problems) ? problems : undefined;
}

/** Lower case, without accents: 'Église' and 'eglise' match (the QR picker's search). */
export function searchKey(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase();
}

/** The visitor page of a circuit; `preview` counts nothing (reader/ignore-stats.ts). */
export const circuitHref = (name: string, preview = true): string =>
  `/circuit?name=${encodeURIComponent(name)}${preview ? '&ignoreStats=true' : ''}`;
