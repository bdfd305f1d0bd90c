import { escapeXml } from '../../server/escape.ts';
import { itemId } from '../articles/ids.ts';
import { t } from '../../i18n/index.ts';
import { isLang, type Lang } from '../../i18n/paths.ts';
import type { ReviewSegment } from './schema.ts';

/**
 * XLIFF 1.2, the exchange format Trados, memoQ, Phrase and OmegaT all read, so that a museum can
 * have its texts translated or checked by a human translator in their own tool: an article's
 * texts written out (here) and the translator's file read back (xliff-read.ts). Pure: no
 * database, no museum. xliff-service.ts decides what is exported and what is saved.
 */

/** The `original` of every <file>: which article the texts are of. */
export const originalOf = (articleId: number) => `legenda:article:${articleId}`;
const ORIGINAL = /^legenda:article:(\d+)$/;

/**
 * The article an `original` names, or undefined when it names none of Legenda's: an id as every
 * call takes one (articles/ids.ts, within the database's integers).
 */
export function articleOfOriginal(original: string): number | undefined {
  const id = itemId.safeParse(ORIGINAL.exec(original.trim())?.[1]);
  return id.success ? id.data : undefined;
}

/**
 * A segment's state as XLIFF 1.2 says it (the `state` of <target>). A missing text has no
 * <target> at all: that is XLIFF's own "not translated yet", from which every tool starts on the
 * source; an empty <target state="new"/> is read by some (OmegaT) as a translation to nothing.
 */
const TARGET: Record<Exclude<ReviewSegment['state'], 'missing'>, string> = {
  machine: 'state="translated" state-qualifier="mt-suggestion"',
  reviewed: 'state="final"',
  stale: 'state="needs-review-translation"',
};

/**
 * The notes a translator reads (their tool shows them beside the text), in the museum's language
 * when Legenda has words for it (French or English), else in English, the common language of
 * translation tools: the translator works from the museum's texts, so reads that language.
 */
export function notesLanguage(sourceLang: string): Lang {
  const primary = sourceLang.toLowerCase().split(/[-_]/)[0];
  return isLang(primary) ? primary : 'en';
}

export interface ExportLanguage {
  lang: string;
  segments: readonly ReviewSegment[];
}

/** One XLIFF 1.2 document: one <file> per language, one <trans-unit> per text. */
export function buildXliff(input: {
  articleId: number;
  sourceLang: string;
  languages: readonly ExportLanguage[];
}): string {
  const out = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<xliff version="1.2" xmlns="urn:oasis:names:tc:xliff:document:1.2">',
  ];
  const notes = notesLanguage(input.sourceLang);
  const italics = t(notes, 'xliffNotes.italics');
  for (const { lang, segments } of input.languages) {
    out.push(
      `  <file original="${escapeXml(originalOf(input.articleId))}" source-language="${escapeXml(input.sourceLang)}" target-language="${escapeXml(lang)}" datatype="plaintext">`,
      '    <header>',
      '      <tool tool-id="legenda" tool-name="Legenda"/>',
      `      <note>${escapeXml(italics)}</note>`,
      '    </header>',
      '    <body>',
    );
    for (const segment of segments) out.push(...unit(segment, notes, italics));
    out.push('    </body>', '  </file>');
  }
  out.push('</xliff>', '');
  return out.join('\n');
}

function unit(segment: ReviewSegment, notes: Lang, italics: string): string[] {
  const approved = segment.state === 'reviewed' ? ' approved="yes"' : '';
  const lines = [
    `      <trans-unit id="${escapeXml(segment.id)}" xml:space="preserve"${approved}>`,
    `        <source>${escapeXml(segment.source)}</source>`,
  ];
  if (segment.text !== null && segment.state !== 'missing') {
    lines.push(`        <target ${TARGET[segment.state]}>${escapeXml(segment.text)}</target>`);
  }
  lines.push(`        <note>${escapeXml(t(notes, `xliffNotes.${segment.state}`))}</note>`);
  if (segment.previous) {
    const previous = t(notes, 'xliffNotes.previous', { ...segment.previous });
    lines.push(`        <note>${escapeXml(previous)}</note>`);
  }
  if (segment.source.includes('[!')) lines.push(`        <note>${escapeXml(italics)}</note>`);
  lines.push('      </trans-unit>');
  return lines;
}
