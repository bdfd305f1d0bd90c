import sax from 'sax';
import { ApiError } from '../../server/http/errors.ts';

/**
 * Reading an XLIFF 1.2 file a translator sends back (xliff.ts writes them). It is parsed with sax
 * in strict mode (well-formed XML or an error) after refusing every DTD: no entity is ever
 * declared, so none can be expanded (billion laughs) or fetched (external entities), and sax
 * itself knows no entity but XML's five. ADR 0014 says why not the `xliff` package (its reader
 * merges several <file> elements and drops the target's state).
 */

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

/**
 * Elements and attributes, counted as they are read: each kept costs some 300 bytes, and 5 MB of
 * `<a/>` would be 1.25 million of them (358 MB). A unit is about eleven (trans-unit, source,
 * target, notes and their attributes) and 5 MB hold at most some 50,000 of the smallest units.
 */
const MAX_NODES = 300_000;
/** sax keeps an element's attributes until its tag closes: XLIFF's have a handful. */
const MAX_ATTRIBUTES = 64;

/** The document's root element; anything but well-formed XML throws. */
function parseXml(text: string): XmlNode {
  // XML's five entities only, never HTML's (sax's option, missing from @types/sax 1.2).
  const options: sax.SAXOptions & { strictEntities: boolean } = { strictEntities: true };
  const parser = sax.parser(true, options);
  const open: XmlNode[] = [];
  let root: XmlNode | undefined;
  let nodes = 0;
  let attributes = 0;
  const tooMany = () =>
    invalidXliff(
      'too_many',
      `An XLIFF file may hold at most ${MAX_NODES} elements and attributes, ${MAX_ATTRIBUTES} on one element.`,
    );
  parser.onerror = (error) => {
    throw error;
  };
  parser.onopentagstart = () => {
    attributes = 0;
    if (++nodes > MAX_NODES) throw tooMany();
  };
  parser.onattribute = () => {
    if (++nodes > MAX_NODES || ++attributes > MAX_ATTRIBUTES) throw tooMany();
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
    if (error instanceof ApiError) throw error;
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
