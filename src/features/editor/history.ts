// The editor's history (docs/adr/0028-drafts-and-revisions.md): the kept versions as the panel
// reads and shows them. Pure, apart from the routes declared at the end (types only on the
// server's side: nothing of zod reaches the browser).
import type { z } from 'zod';
import type { Lang } from '../../i18n/paths.ts';
import { postRoute, readRoute } from '../../ui/api.ts';
import { italicSegments } from '../articles/italics.ts';
import { extractSegments } from '../translation/segments.ts';
import { draftOf } from './article.ts';
import type { DraftSaved } from './publishing.ts';
import type { restoreRevisionSchema } from './schema.ts';
import type { Draft } from './state.ts';

/** One kept version as GET /api/read/revisions lists it. */
export interface RevisionEntry {
  /** The article's revision once this version was saved: its name in the history. */
  revision: number;
  kind: 'draft' | 'published';
  /** ISO 8601. */
  savedAt: string;
  /** The email of whoever saved it, as it was then. */
  savedBy: string;
  words: number;
}

/** One kept version read whole (GET /api/read/revision). */
export interface RevisionDocument extends RevisionEntry {
  content: unknown[];
  unformatted_name: string;
  instructions: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null;

function entryOf(value: unknown): RevisionEntry | null {
  if (!isRecord(value)) return null;
  const { revision, kind, savedAt, savedBy, words } = value;
  if (
    typeof revision !== 'number' ||
    (kind !== 'draft' && kind !== 'published') ||
    typeof savedAt !== 'string' ||
    Number.isNaN(Date.parse(savedAt)) ||
    typeof savedBy !== 'string' ||
    typeof words !== 'number'
  ) {
    return null;
  }
  return { revision, kind, savedAt, savedBy, words };
}

/** The list when every entry has the expected shape, else null (the panel says it failed). */
export function parseRevisions(body: unknown): RevisionEntry[] | null {
  if (!Array.isArray(body)) return null;
  const entries = body.map(entryOf);
  return entries.every((entry) => entry !== null) ? (entries as RevisionEntry[]) : null;
}

export function parseRevision(body: unknown): RevisionDocument | null {
  const entry = entryOf(body);
  if (!entry || !isRecord(body)) return null;
  const { content, unformatted_name, instructions } = body;
  if (
    !Array.isArray(content) ||
    typeof unformatted_name !== 'string' ||
    typeof instructions !== 'string'
  ) {
    return null;
  }
  return { ...entry, content, unformatted_name, instructions };
}

/** A kept version as the editor would hold it, read as the editor reads an article. */
export function draftOfRevision(doc: RevisionDocument, name: string): Draft {
  return draftOf({
    id: 0,
    name,
    revision: doc.revision,
    content: doc.content,
    unformatted_name: doc.unformatted_name,
    instructions: doc.instructions,
  });
}

/** Without its `[! !]` italics markers, which are not words. */
const plain = (text: string) =>
  italicSegments(text)
    .map((part) => part.text)
    .join('');

/**
 * The text of a version to compare, as one text: its name in the articles' list, then every
 * text a visitor reads in reading order (public title, texts, descriptions, captions), one
 * paragraph each. Urls, colours and sizes are not words and are left out.
 */
export function textOf(draft: Draft): string {
  const texts = extractSegments(draft.content).map((segment) => plain(segment.text));
  return [draft.title, ...texts].join('\n\n');
}

const LOCALES: Record<Lang, string> = { fr: 'fr-FR', en: 'en-GB' };

/**
 * When a version was saved, on the museum's clocks ('27 nov. 2026, 14:05'), whatever the zone
 * of the curator's browser; the browser's own zone until the museum's is known.
 */
export function formatSavedAt(iso: string, lang: Lang, timeZone: string | null): string {
  return new Intl.DateTimeFormat(LOCALES[lang], {
    dateStyle: 'medium',
    timeStyle: 'short',
    ...(timeZone && { timeZone }),
  }).format(new Date(iso));
}

/** GET /api/read/revisions: the article's kept versions, newest first. */
export const revisionsRoute = (articleId: number) =>
  readRoute(`/api/read/revisions?articleId=${articleId}`, parseRevisions);

/** GET /api/read/revision: one version, whole. */
export const revisionRoute = (articleId: number, revision: number) =>
  readRoute(`/api/read/revision?articleId=${articleId}&revision=${revision}`, parseRevision);

/** The version becomes the draft; nothing is published. 409 `stale_revision` when stale. */
export const restoreRevision = postRoute<z.input<typeof restoreRevisionSchema>, DraftSaved>(
  '/api/manage/restore_revision',
);
