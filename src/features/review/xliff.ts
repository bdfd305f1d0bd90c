import { itemId } from '../articles/ids.ts';
import sax from 'sax';
import { ApiError } from '../../server/http/errors.ts';
import type { ReviewSegment } from './schema.ts';

/**
 * XLIFF 1.2 (issue 18, story 6), the exchange format Trados, memoQ, Phrase and OmegaT all read:
 * an article's texts written out for a human translator, and the translator's file read back.
 * Pure: no database, no museum. xliff-service.ts decides what is exported and what is saved.
 *
 * Reading parses with sax in strict mode (well-formed XML or an error) after refusing every DTD:
 * no entity is ever declared, so none can be expanded (billion laughs) or fetched (external
 * entities), and sax itself knows no entity but XML's five. ADR 0014 says why not the `xliff`
 * package (its reader merges several <file> elements and drops the target's state).
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

// ------------------------------------------------------------------------------------------
// Writing

/** XML text: the five characters XML gives meaning, and no character XML 1.0 forbids. */
export function escapeXml(value: string): string {
  return value
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
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

/** The note each state gets, for the translator (the tool shows it beside the text). */
const STATE_NOTE: Record<ReviewSegment['state'], string> = {
  missing: 'Legenda: not translated yet.',
  machine: 'Legenda: machine translation, not checked by the museum.',
  reviewed: 'Legenda: checked by the museum.',
  stale:
    'Legenda: the original text changed since the museum checked its translation; the target is a machine translation of the new text.',
};

const ITALICS_NOTE =
  'Text between [! and !] is shown in italics: keep the markers [! and !] around the words that should be in italics in the translation. The texts are plain text: no markup.';

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
  for (const { lang, segments } of input.languages) {
    out.push(
      `  <file original="${escapeXml(originalOf(input.articleId))}" source-language="${escapeXml(input.sourceLang)}" target-language="${escapeXml(lang)}" datatype="plaintext">`,
      '    <header>',
      '      <tool tool-id="legenda" tool-name="Legenda"/>',
      `      <note>${escapeXml(ITALICS_NOTE)}</note>`,
      '    </header>',
      '    <body>',
    );
    for (const segment of segments) out.push(...unit(segment));
    out.push('    </body>', '  </file>');
  }
  out.push('</xliff>', '');
  return out.join('\n');
}

function unit(segment: ReviewSegment): string[] {
  const approved = segment.state === 'reviewed' ? ' approved="yes"' : '';
  const lines = [
    `      <trans-unit id="${escapeXml(segment.id)}" xml:space="preserve"${approved}>`,
    `        <source>${escapeXml(segment.source)}</source>`,
  ];
  if (segment.text !== null && segment.state !== 'missing') {
    lines.push(`        <target ${TARGET[segment.state]}>${escapeXml(segment.text)}</target>`);
  }
  lines.push(`        <note>${escapeXml(STATE_NOTE[segment.state])}</note>`);
  if (segment.previous) {
    lines.push(
      `        <note>${escapeXml(`Checked by the museum before, for the earlier original “${segment.previous.source}”: ${segment.previous.text}`)}</note>`,
    );
  }
  if (segment.source.includes('[!')) lines.push(`        <note>${escapeXml(ITALICS_NOTE)}</note>`);
  lines.push('      </trans-unit>');
  return lines;
}

// ------------------------------------------------------------------------------------------
// Reading

/** Why a file is refused: `reason` picks the message the interface shows (apiErrors). */
export type XliffReason =
  | 'encoding'
  | 'entities'
  | 'xml'
  | 'not_xliff'
  | 'version'
  | 'no_file'
  | 'original'
  | 'articles'
  | 'language'
  | 'same_language'
  | 'unit_id'
  | 'duplicate'
  | 'segment'
  | 'markup'
  | 'source'
  | 'text'
  | 'too_many';

export function invalidXliff(
  reason: XliffReason,
  message: string,
  details: Record<string, string | number> = {},
): ApiError {
  return new ApiError(422, 'invalid_xliff', message, {
    details: { field: 'xliff', reason, ...details },
  });
}

export interface XliffUnit {
  id: string;
  /** The source text the translator worked from; null when the unit has none. */
  source: string | null;
  /** The translation; null when the unit has no <target>. */
  target: string | null;
  /** The target's `state`, `state-qualifier` and the unit's `approved`, as the tool left them. */
  state: string | undefined;
  qualifier: string | undefined;
  approved: boolean;
}

export interface XliffFile {
  original: string;
  targetLanguage: string | undefined;
  units: XliffUnit[];
}

/** Bounds on what one file may hold (a 300-block article in 145 languages fits). */
const MAX_FILES = 200;
const MAX_UNITS = 100_000;

/**
 * Every declaration a DTD can make (<!DOCTYPE, <!ENTITY, <!ELEMENT, <!ATTLIST, conditional
 * sections): anything `<!` opens but a comment or CDATA. XLIFF needs no DTD, so none is read.
 */
const DECLARATION = /<!(?!--|\[CDATA\[)/;

/** The text of an uploaded file: UTF-8 (with or without its mark), never a DTD. */
export function decodeXliff(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw invalidXliff('encoding', 'The XLIFF file must be UTF-8 text.');
  }
  const declared = /^\s*<\?xml[^>]*\bencoding\s*=\s*["']([^"']+)["']/.exec(text)?.[1];
  if (declared && !/^utf-?8$/i.test(declared)) {
    throw invalidXliff('encoding', `The XLIFF file must be UTF-8 text, not ${declared}.`);
  }
  if (DECLARATION.test(text)) {
    throw invalidXliff(
      'entities',
      'The XLIFF file holds a DOCTYPE or entity declaration: Legenda reads none (no entity is expanded or fetched). Export the file again without it.',
    );
  }
  return text;
}

/** An element as the reader keeps it: its name, attributes and children (text as strings). */
interface XmlNode {
  name: string;
  attributes: Record<string, string>;
  children: (XmlNode | string)[];
}

/** Nesting deeper than any XLIFF file's (the walks below recurse). */
const MAX_DEPTH = 64;

/** The document's root element; anything but well-formed XML throws. */
function parseXml(text: string): XmlNode {
  // XML's five entities only, never HTML's (sax's option, missing from @types/sax 1.2).
  const options: sax.SAXOptions & { strictEntities: boolean } = { strictEntities: true };
  const parser = sax.parser(true, options);
  const open: XmlNode[] = [];
  let root: XmlNode | undefined;
  parser.onerror = (error) => {
    throw error;
  };
  parser.onopentag = (tag) => {
    const node: XmlNode = {
      name: tag.name,
      attributes: tag.attributes as Record<string, string>,
      children: [],
    };
    const parent = open.at(-1);
    if (parent) parent.children.push(node);
    else if (root) throw new Error('A second root element.');
    else root = node;
    if (open.push(node) > MAX_DEPTH) throw new Error('Elements nested too deeply.');
  };
  parser.onclosetag = () => {
    open.pop();
  };
  // Outside the root only white space is let through (sax refuses other text there).
  parser.ontext = (value) => open.at(-1)?.children.push(value);
  parser.oncdata = (value) => open.at(-1)?.children.push(value);
  try {
    parser.write(text).close();
  } catch (error) {
    const line = parser.line + 1;
    const why = error instanceof Error ? error.message.split('\n')[0] : '';
    throw invalidXliff('xml', `The XLIFF file is not well-formed XML (line ${line}: ${why}).`, {
      line,
    });
  }
  if (!root) throw invalidXliff('xml', 'The XLIFF file holds no XML element.');
  return root;
}

const elements = (node: XmlNode, name?: string): XmlNode[] =>
  node.children.filter(
    (child): child is XmlNode =>
      typeof child !== 'string' && (name === undefined || child.name === name),
  );

const attribute = (node: XmlNode, name: string): string | undefined => node.attributes[name];

/**
 * The text of <source> or <target>: its text and CDATA, and the text of <mrk> (tools mark
 * sentences with it); any other element (<g>, <x/>, <ph>…) is markup a text cannot hold.
 */
function textOf(node: XmlNode, unitId: string): string {
  let text = '';
  for (const child of node.children) {
    if (typeof child === 'string') text += child;
    else if (child.name === 'mrk') text += textOf(child, unitId);
    else {
      throw invalidXliff(
        'markup',
        `trans-unit ${unitId}: <${child.name}> is markup; Legenda texts are plain text (italics are written [! … !]).`,
        { segment: unitId },
      );
    }
  }
  return text;
}

/** The trans-units of a <body> or <group>, groups opened, in the file's order. */
function unitsOf(node: XmlNode, out: XliffUnit[]): XliffUnit[] {
  for (const child of elements(node)) {
    if (child.name === 'group') unitsOf(child, out);
    if (child.name !== 'trans-unit') continue;
    const id = attribute(child, 'id');
    if (!id) throw invalidXliff('unit_id', 'A trans-unit has no id.');
    const source = elements(child, 'source')[0];
    const target = elements(child, 'target')[0];
    out.push({
      id,
      source: source ? textOf(source, id) : null,
      target: target ? textOf(target, id) : null,
      state: target ? attribute(target, 'state') : undefined,
      qualifier: target ? attribute(target, 'state-qualifier') : undefined,
      approved: attribute(child, 'approved') === 'yes',
    });
    if (out.length > MAX_UNITS) {
      throw invalidXliff('too_many', `An XLIFF file may hold at most ${MAX_UNITS} trans-units.`);
    }
  }
  return out;
}

/** The <file> elements of an XLIFF 1.2 document and their units. Text from decodeXliff. */
export function parseXliff(text: string): XliffFile[] {
  const root = parseXml(text);
  if (root.name !== 'xliff') throw invalidXliff('not_xliff', 'This file is not XLIFF.');
  const version = attribute(root, 'version');
  if (version !== '1.2') {
    throw invalidXliff(
      'version',
      `Legenda reads XLIFF 1.2; this file is XLIFF ${version ?? '?'}.`,
      {
        version: version ?? '?',
      },
    );
  }
  const files = elements(root, 'file');
  if (files.length === 0) throw invalidXliff('no_file', 'The XLIFF file holds no <file>.');
  if (files.length > MAX_FILES) {
    throw invalidXliff('too_many', `An XLIFF file may hold at most ${MAX_FILES} <file> elements.`);
  }
  return files.map((file) => ({
    original: attribute(file, 'original') ?? '',
    targetLanguage: attribute(file, 'target-language'),
    units: elements(file, 'body').reduce<XliffUnit[]>((out, body) => unitsOf(body, out), []),
  }));
}
