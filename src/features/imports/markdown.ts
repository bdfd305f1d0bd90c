import type { Image, Link, Nodes, Parents, RootContent } from 'mdast';
import {
  draftBuilder,
  linkInText,
  listLine,
  refused,
  type DocumentDraft,
  type DraftBuilder,
} from './blocks.ts';
import { MARKDOWN_BOUNDS, scanMarkdown } from './markdown-scan.ts';

/**
 * A Markdown document (CommonMark) read into blocks. Raw HTML in it stays as the text it is.
 * Images: a `data:` address is taken (its bytes go through the uploads like any image); a
 * relative or web address is skipped and named in the answer, since Legenda never fetches
 * another site and a relative file was not sent.
 */

/**
 * The text of a node, emphasis as the content model's italics (`[!` … `!]`), a link as a text
 * block holds one (blocks.ts, linkInText).
 */
function textOf(node: Nodes): string {
  switch (node.type) {
    case 'link':
      return linkInText({ words: wordsOf(node), href: node.url });
    case 'text':
    case 'inlineCode':
    case 'html':
      return node.value;
    case 'break':
      return '\n';
    case 'image':
      return '';
    case 'emphasis': {
      const inner = node.children.map(textOf).join('');
      return inner.trim() === '' ? inner : `[!${inner}!]`;
    }
    default:
      return 'children' in node ? (node.children as Nodes[]).map(textOf).join('') : '';
  }
}

/** A link's own words. */
const wordsOf = (link: Link) => link.children.map(textOf).join('');

/** Images and links inside a paragraph, in order (images inside links too). */
function collect(node: Nodes, found: (Image | Link)[] = []): (Image | Link)[] {
  if (node.type === 'image' || node.type === 'link') found.push(node);
  if ('children' in node) {
    for (const child of node.children as Nodes[]) collect(child, found);
  }
  return found;
}

/** `data:image/png;base64,…` → its bytes; anything else: null. */
function dataImage(url: string): Uint8Array | null {
  const match = /^data:image\/[a-z0-9.+-]+;base64,([A-Za-z0-9+/=\s]+)$/i.exec(url);
  return match ? new Uint8Array(Buffer.from(match[1]!, 'base64')) : null;
}

/** One text block (its links written in it), or one link block; then its images. */
function paragraph(node: Parents, out: DraftBuilder) {
  const parts = collect(node);
  const links = parts.filter((part) => part.type === 'link');
  out.paragraph(
    textOf(node),
    links.map((link) => ({ words: wordsOf(link), href: link.url })),
  );
  for (const part of parts) {
    if (part.type !== 'image') continue;
    const bytes = dataImage(part.url);
    if (bytes) out.image(bytes, part.alt ?? '');
    else out.skipImage(part.url);
  }
}

function listLines(node: Nodes, level: number, lines: string[]) {
  if (node.type !== 'list') return;
  let number = node.start ?? 1;
  for (const item of node.children) {
    const own = item.children.filter((child) => child.type !== 'list');
    const text = own.map(textOf).join(' ');
    lines.push(listLine(text, { ordered: node.ordered === true, number, level }));
    number += 1;
    for (const child of item.children) listLines(child, level + 1, lines);
  }
}

function block(node: RootContent, out: DraftBuilder) {
  switch (node.type) {
    case 'heading':
      return out.heading(textOf(node), node.depth);
    case 'paragraph':
      return paragraph(node, out);
    case 'list': {
      const lines: string[] = [];
      listLines(node, 0, lines);
      return out.text(lines.join('\n'));
    }
    case 'blockquote':
      return node.children.forEach((child) => block(child, out));
    case 'code':
    case 'html':
      return out.text(node.value);
    default:
      return undefined;
  }
}

export async function readMarkdown(
  file: string,
  bytes: Uint8Array,
  bounds = MARKDOWN_BOUNDS,
): Promise<DocumentDraft> {
  let source: string;
  try {
    source = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw refused(415, file, 'not_text', 'a Markdown file must be UTF-8 text.');
  }
  // A binary file can still decode: NUL bytes never appear in a text, nor a PDF's header.
  if (source.includes('\u0000') || source.startsWith('%PDF-')) {
    throw refused(415, file, 'not_text', 'a Markdown file must be UTF-8 text.');
  }
  scanMarkdown(file, source, bounds);
  const out = draftBuilder(file);
  // Loaded with the first Markdown file, not with the app (every start would pay for it).
  const { fromMarkdown } = await import('mdast-util-from-markdown');
  for (const node of fromMarkdown(source).children) block(node, out);
  return out.draft;
}
