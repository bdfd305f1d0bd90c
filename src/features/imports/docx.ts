import { MAX_ELEMENTS } from '../articles/content-fields.ts';
import {
  draftBuilder,
  linkInText,
  listLine,
  refused,
  type DocumentDraft,
  type DraftBuilder,
} from './blocks.ts';
import { bytesMammothParses } from './mammoth-parts.ts';
import type { MarkupExcess } from './markup-count.ts';
import { checkZip, MAX_UNZIPPED_BYTES } from './zip-check.ts';

/**
 * A Word document (.docx) read through mammoth's document model (what it builds before writing
 * HTML): paragraphs with their style and list numbering, runs, links and images. Walking the
 * model rather than parsing mammoth's HTML keeps every text a text.
 */

/** The parts of mammoth's document model read here. */
interface DocxNode {
  type: string;
  children?: DocxNode[];
  value?: string;
  styleId?: string | null;
  styleName?: string | null;
  numbering?: { level?: string | number; isOrdered?: boolean } | null;
  href?: string;
  isItalic?: boolean;
  altText?: string;
  readAsArrayBuffer?: () => Promise<ArrayBuffer>;
}

/** A paragraph's inline content: its text (links as linkInText writes them), links, images. */
interface Inline {
  text: string;
  links: { words: string; href: string }[];
  images: DocxNode[];
}

function inlineOf(nodes: readonly DocxNode[], into: Inline = { text: '', links: [], images: [] }) {
  for (const node of nodes) {
    if (node.type === 'text') into.text += node.value ?? '';
    else if (node.type === 'tab') into.text += '\t';
    else if (node.type === 'break') into.text += '\n';
    else if (node.type === 'image') into.images.push(node);
    else if (node.type === 'hyperlink') {
      const inner = inlineOf(node.children ?? [], { text: '', links: [], images: into.images });
      const link = { words: inner.text, href: node.href ?? '' };
      into.text += linkInText(link);
      into.links.push(link);
    } else if (node.type === 'run' && node.isItalic) {
      const inner = inlineOf(node.children ?? [], { ...into, text: '' });
      // The content model's italics: `[!` … `!]` (articles/italics.ts).
      into.text += inner.text.trim() === '' ? inner.text : `[!${inner.text}!]`;
    } else if (node.children) inlineOf(node.children, into);
  }
  return into;
}

/** A heading's level from its style ('Heading 2', 'Titre 2', 'Title'), or 0. */
function headingLevel(paragraph: DocxNode): number {
  const style = `${paragraph.styleName ?? ''} ${paragraph.styleId ?? ''}`;
  const match = /(?:heading|titre)\s*(\d)/i.exec(style);
  if (match) return Number(match[1]);
  return /\btitle\b/i.test(style) ? 1 : 0;
}

/** Walks the paragraphs in order (tables cell by cell), consecutive list items as one text. */
async function walk(nodes: readonly DocxNode[], out: DraftBuilder) {
  let list: string[] = [];
  // Per level: the items counted so far, and whether they are numbered (a change restarts).
  const counters: { count: number; ordered: boolean }[] = [];
  const flush = () => {
    if (list.length > 0) out.text(list.join('\n'));
    list = [];
    counters.length = 0;
  };
  for (const node of nodes) {
    if (node.type !== 'paragraph') {
      flush();
      if (node.children) await walk(node.children, out);
      continue;
    }
    const inline = inlineOf(node.children ?? []);
    const level = headingLevel(node);
    if (node.numbering && level === 0) {
      const depth = Math.min(Math.max(Number(node.numbering.level) || 0, 0), 8);
      const ordered = node.numbering.isOrdered === true;
      counters.length = depth + 1;
      const before = counters[depth];
      const number = before?.ordered === ordered ? before.count + 1 : 1;
      counters[depth] = { count: number, ordered };
      list.push(listLine(inline.text, { ordered, number, level: depth }));
    } else {
      flush();
      paragraph(inline, level, out);
    }
    for (const image of inline.images) {
      const bytes = await image.readAsArrayBuffer?.();
      if (bytes) out.image(new Uint8Array(bytes), image.altText ?? '');
    }
  }
  flush();
}

function paragraph(inline: Inline, level: number, out: DraftBuilder) {
  if (level > 0) return out.heading(inline.text, level);
  out.paragraph(inline.text, inline.links);
}

/** A document holding more than an article can, refused before mammoth reads it. */
function tooMuchMarkup(file: string, excess: MarkupExcess, max: number) {
  return excess === 'paragraphs'
    ? refused(
        422,
        file,
        'too_many_paragraphs',
        `the document holds more than ${max} paragraphs, more than an article of ${MAX_ELEMENTS} blocks. Split it into several documents.`,
        { max },
      )
    : refused(
        422,
        file,
        'too_complex',
        `the document holds more than ${max} XML elements and attributes, more than an article needs. Split it into several documents.`,
        { max },
      );
}

/**
 * What the parts mammoth parses (the document, its styles, numbering, notes and comments, and
 * their relationships) may inflate to together: an article's 900 KB of text in Word's heaviest
 * markup, about 2 KB a paragraph. mammoth takes some 24 times a text's bytes: ~240 MB at most.
 */
export const MAX_XML_BYTES = 10 * 1024 * 1024;

/** How long one document may take to read: a document that takes longer is refused. */
const PARSE_MS = 20_000;

export async function readDocx(file: string, bytes: Uint8Array): Promise<DocumentDraft> {
  const zip = await checkZip(bytes);
  if (!zip.ok && zip.reason === 'too_large') {
    throw refused(
      422,
      file,
      'zip_bomb',
      `the document would take more than ${MAX_UNZIPPED_BYTES / (1024 * 1024)} MB once unzipped.`,
    );
  }
  if (!zip.ok && zip.reason === 'too_much_markup') throw tooMuchMarkup(file, zip.excess, zip.max);
  if (!zip.ok || !zip.entries.some((entry) => entry.name === 'word/document.xml')) {
    throw refused(415, file, 'not_docx', 'this file is not a Word document (.docx).');
  }
  const xmlBytes = await bytesMammothParses(bytes, zip.entries, MAX_XML_BYTES);
  if (xmlBytes === null) {
    throw refused(415, file, 'not_docx', 'this file is not a Word document (.docx).');
  }
  if (xmlBytes > MAX_XML_BYTES) {
    throw refused(422, file, 'too_long', 'the document is longer than an article may be.', {
      max: MAX_XML_BYTES,
    });
  }
  let model: DocxNode | undefined;
  // Loaded with the first document, not with the app (every start would pay for it).
  const { default: mammoth } = await import('mammoth');
  const convert = mammoth.convertToHtml(
    { buffer: Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength) },
    {
      externalFileAccess: false,
      // The HTML is not used: images are read from the model, so none is encoded for it.
      convertImage: mammoth.images.imgElement(() => Promise.resolve({ src: '' })),
      transformDocument: (document: DocxNode) => (model = document),
    },
  );
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(refused(422, file, 'timeout', 'the document took too long to read.')),
      PARSE_MS,
    );
  });
  try {
    await Promise.race([convert, late]);
  } catch (error) {
    if (error instanceof Error && 'status' in error) throw error;
    throw refused(422, file, 'unreadable', 'this Word document could not be read.');
  } finally {
    clearTimeout(timer);
  }
  const out = draftBuilder(file);
  await walk(model?.children ?? [], out);
  return out.draft;
}
