import * as z from 'zod';
import {
  MAX_INSTRUCTIONS_LENGTH,
  MAX_TITLE_LENGTH,
  MAX_URL_LENGTH,
  URL_PATTERN,
  hasControlCharacters,
} from '../articles/content-fields.ts';
import { LANGUAGES } from '../languages/catalogue.ts';
import { MEDIA_FILE_NAME } from '../uploads/kinds.ts';

/**
 * A museum's export: a zip holding a manifest, the museum's data as JSON files and its media
 * files. Ids in it are the export's own (the museum's at the time); a restore gives new ones.
 * Everything here is what both sides of the round trip agree on.
 */

export const FORMAT = 'legenda-museum';
export const FORMAT_VERSION = 1;

/** The archive's data files, in the order they are written (the manifest first). */
export const DATA_FILES = {
  manifest: 'manifest.json',
  settings: 'data/settings.json',
  folders: 'data/folders.json',
  articles: 'data/articles.json',
  translations: 'data/translations.json',
  glossary: 'data/glossary.json',
  circuits: 'data/circuits.json',
  qrcodes: 'data/qrcodes.json',
} as const;
export type DataPart = keyof typeof DATA_FILES;

/** Media folders in the archive, as the blob store names them under media/{museum}/. */
export const MEDIA_FOLDERS = ['images', 'videos', 'subtitles', 'audio'] as const;
export type MediaFolder = (typeof MEDIA_FOLDERS)[number];
/**
 * media/{folder}/{file}: one safe file name, nothing nested, no way out of the folder. An image's
 * smaller sizes carry their width before the extension ({id}-w1600h1200.480.webp, ADR 0027).
 */
export const MEDIA_ENTRY = new RegExp(
  `^media/(images|videos|subtitles|audio)/(${MEDIA_FILE_NAME})$`,
);

/** The largest archive a restore takes (the upload itself). */
export const MAX_ARCHIVE_BYTES = 1024 * 1024 * 1024;
/** What all its files may hold once unpacked: a zip bomb stops here. */
export const MAX_UNPACKED_BYTES = 2 * 1024 * 1024 * 1024;
/** One data file unpacked: far more than 5,000 articles of 300 blocks. */
export const MAX_DATA_BYTES = 256 * 1024 * 1024;
/** The manifest and the settings: a few hundred bytes each when Legenda writes them. */
export const MAX_SMALL_FILE_BYTES = 64 * 1024;
/** A data file's brackets and line breaks around its entries. */
const ARRAY_BYTES = 1024;
/** A character as the export writes it at most: a control character is \u0000 in JSON. */
const CHAR_BYTES = 6;

/**
 * The largest entry of each list Legenda writes, in bytes as the export indents them: a data
 * file may hold no more than its manifest's count of these (docs/adr/0036). An article is saved
 * from a body of at most 1 MB; the defaults its elements are given and the indentation make it
 * at most about six times that, the bound is eight.
 */
export const MAX_ITEM_BYTES = {
  articles: 8 * 1024 * 1024,
  folders: 1024 + 2 * 120 * CHAR_BYTES,
  translations: 4096 + 2 * 100_000 * CHAR_BYTES,
  glossary: 1024 * 1024,
  circuits: 64 * 1024,
  qrcodes: 1024,
} as const;
export type ListPart = keyof typeof MAX_ITEM_BYTES;

/** The most a list's file may unpack to, for the entries its manifest counts. */
export const listBound = (part: ListPart, count: number) =>
  Math.min(MAX_DATA_BYTES, ARRAY_BYTES + count * MAX_ITEM_BYTES[part]);
/** Files in one archive. */
export const MAX_ENTRIES = 100_000;

const id = z.number().int().positive().max(2_147_483_647);
const count = z
  .number()
  .int()
  .min(0)
  .max(MAX_ENTRIES * 100);
const line = (max: number) =>
  z
    .string()
    .max(max, `must be at most ${max} characters`)
    .refine((s) => !/\p{Cc}/u.test(s), 'must not contain control characters');
const language = z.enum(LANGUAGES, { error: 'must be one of the languages Legenda translates' });
const publicName = z.string().min(1).max(MAX_URL_LENGTH).regex(URL_PATTERN);

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  version: z.number().int(),
  exportedAt: z.string().max(40),
  museum: z.object({ name: z.string().max(500) }),
  /** What /media/{museum}/ was in the exporting Legenda: content naming it is rewritten. */
  mediaPrefix: z.string().regex(/^\/media\/\d{1,10}\/$/),
  /**
   * How many entries each list holds (and how many media files): every export has written them,
   * and a restore reads no more than they say (docs/adr/0036).
   */
  counts: z.looseObject({
    articles: count,
    folders: count,
    media: count,
    translations: count,
    glossary: count,
    circuits: count,
    qrcodes: count,
  }),
});
export type Manifest = z.infer<typeof manifestSchema>;

export const foldersSchema = z.array(
  z.object({ id, parentId: id.nullable(), name: line(MAX_TITLE_LENGTH * 2) }),
);

export const articlesSchema = z.array(
  z.object({
    id,
    folderId: id.nullable(),
    /** The folders' names from the root, for a reader of the archive; folderId is what counts. */
    folderPath: z.array(z.string().max(1000)).max(64).default([]),
    name: publicName,
    unformattedName: line(MAX_TITLE_LENGTH),
    instructions: z
      .string()
      .max(MAX_INSTRUCTIONS_LENGTH)
      .refine((s) => !hasControlCharacters(s), 'must not contain control characters'),
    /** Checked against the content schema when restored. */
    content: z.array(z.unknown()).min(1),
    /**
     * Whether visitors read it (docs/adr/0028-drafts-and-revisions.md); archives made before
     * drafts existed hold only published articles.
     */
    published: z.boolean().default(true),
  }),
);

export const translationsSchema = z.array(
  z.object({
    articleId: id,
    language,
    ref: z.string().min(1).max(200),
    source: z.string().max(100_000),
    text: z.string().max(100_000),
    checkedAt: z.iso.datetime({ offset: true }),
  }),
);

export const circuitsSchema = z.array(
  z.object({
    id,
    name: publicName,
    title: z.string(),
    intro: z.string().default(''),
    articleIds: z.array(id),
  }),
);

export const qrcodesSchema = z.array(
  z.object({
    link: z.string().regex(/^[0-9A-Za-z]{10}$/, 'must be a 10-character code'),
    articleId: id.nullable(),
    circuitId: id.nullable(),
  }),
);

export const settingsSchema = z.object({
  sourceLanguage: z.string().max(35),
  timeZone: z.string().max(64),
  priorityLanguages: z.array(z.string().max(35)).max(200),
  speech: z.object({
    voice: z.enum(['browser', 'server']),
    otherLanguages: z.array(z.string().max(35)).max(200),
  }),
  visitorLanguages: z.array(z.string().max(35)).max(200).nullable(),
});

export type FolderEntry = z.infer<typeof foldersSchema>[number];
export type ArticleEntry = z.infer<typeof articlesSchema>[number];
export type TranslationEntry = z.infer<typeof translationsSchema>[number];
export type CircuitEntry = z.infer<typeof circuitsSchema>[number];
export type QrcodeEntry = z.infer<typeof qrcodesSchema>[number];
export type SettingsEntry = z.infer<typeof settingsSchema>;
export interface GlossaryEntryOut {
  term: string;
  note: string;
  doNotTranslate: boolean;
  translations: Record<string, string>;
}

/** What a restore answers: how much came in, and what could not keep its public address. */
export interface RestoreAnswer {
  articles: number;
  folders: number;
  media: number;
  translations: number;
  glossary: number;
  circuits: number;
  qrcodes: number;
  /** Codes whose short link another museum of this Legenda holds: they got a new one. */
  qrNotKept: { link: string; newLink: string }[];
  /** Articles and circuits whose public name was taken here: they got a new one. */
  renamed: { kind: 'article' | 'circuit'; from: string; to: string }[];
}
