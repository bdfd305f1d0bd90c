import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { PNG_1PX } from '../../../tests/helpers/media.ts';
import { ApiError } from '../../server/http/errors.ts';
import { makeDocx } from './docx-fixture.ts';
import { MAX_XML_BYTES, readDocx } from './docx.ts';
import { bytesMammothParses } from './mammoth-parts.ts';
import { MARKDOWN_BOUNDS, scanMarkdown } from './markdown-scan.ts';
import { DOCX_BOUNDS, markupCounter } from './markup-count.ts';
import type { ZipEntry } from '../../server/zip/read.ts';
import { checkZip } from './zip-check.ts';

/** The refusal a call throws: its status and details. */
async function refusal(run: () => unknown) {
  try {
    await run();
  } catch (error) {
    if (error instanceof ApiError) return { status: error.status, details: error.details };
    throw error;
  }
  throw new Error('not refused');
}

describe("a Word document's markup, counted while it is inflated", () => {
  it('counts paragraphs in any namespace, and elements with attributes, across chunks', () => {
    const counter = markupCounter({ paragraphs: 100, nodes: 100 });
    const xml = strToU8(
      '<w:p><w:pPr/></w:p><w:p w:rsidR="1"/><x:p>a=b</x:p><w:pict/><p/><?xml?><!-- <w:p> -->',
    );
    // One byte at a time: a name split between two chunks is still read whole.
    for (const byte of xml) counter.feed(new Uint8Array([byte]));
    expect(counter.counts).toEqual({ paragraphs: 5, nodes: 9 });
  });

  it('stops at the first bound passed', () => {
    const counter = markupCounter({ paragraphs: 2, nodes: 5 });
    expect(counter.feed(strToU8('<w:p/><w:p/>'))).toBeNull();
    expect(counter.feed(strToU8('<w:p/>'))).toBe('paragraphs');
    expect(
      markupCounter({ paragraphs: 2, nodes: 5 }).feed(strToU8('<a b="" c=""/><d e="" f=""/>')),
    ).toBe('nodes');
  });

  it('refuses a flood of paragraphs or of markup before mammoth reads it, wherever it hides', async () => {
    const flood = (inner: string, count: number) =>
      strToU8(`<w:document><w:body>${inner.repeat(count)}</w:body></w:document>`);
    const docx = (parts: Record<string, Uint8Array>) =>
      zipSync({ ...parts, '_rels/.rels': strToU8('<Relationships/>') });
    const paragraphs = docx({ 'word/document.xml': flood('<w:p/>', DOCX_BOUNDS.paragraphs + 1) });
    expect(await refusal(() => readDocx('p.docx', paragraphs))).toMatchObject({
      status: 422,
      details: { file: 'p.docx', reason: 'too_many_paragraphs', max: DOCX_BOUNDS.paragraphs },
    });
    // In one paragraph, or in a part the relationships could name as the document.
    const bookmarks = flood('<w:bookmarkEnd w:id="1"/>', DOCX_BOUNDS.nodes / 2 + 1);
    const hidden: Record<string, Uint8Array>[] = [
      { 'word/document.xml': bookmarks },
      { 'word/media/a.png': bookmarks },
    ];
    for (const parts of hidden) {
      expect(await refusal(() => readDocx('n.docx', docx(parts)))).toMatchObject({
        status: 422,
        details: { file: 'n.docx', reason: 'too_complex', max: DOCX_BOUNDS.nodes },
      });
    }
    // Stored rather than deflated: counted the same.
    const stored = zipSync({ 'word/document.xml': flood('<w:p/>', 30) }, { level: 0 });
    expect(await checkZip(stored, undefined, { paragraphs: 20, nodes: 1000 })).toEqual({
      ok: false,
      reason: 'too_much_markup',
      excess: 'paragraphs',
      max: 20,
    });
  });

  it('lets a document with pictures through: their bytes are not markup', async () => {
    const picture = new Uint8Array(PNG_1PX);
    const docx = makeDocx(Array.from({ length: 50 }, () => ({ image: picture })));
    expect(await checkZip(docx)).toMatchObject({ ok: true });
  });
});

describe('the parts mammoth parses, bounded in bytes before it reads them', () => {
  const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';
  const REL = 'http://schemas.openxmlformats.org/package/2006/relationships';
  const office = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';
  const documentXml = (text: string) =>
    strToU8(
      `<w:document xmlns:w="${W}"><w:body><w:p><w:r><w:t>${text}</w:t></w:r></w:p></w:body></w:document>`,
    );
  const rels = (target: string) =>
    strToU8(
      `<Relationships xmlns="${REL}"><Relationship Id="r1" Type="${office}/officeDocument" Target="${target}"/></Relationships>`,
    );
  const entriesOf = async (zip: Uint8Array) =>
    ((await checkZip(zip)) as { entries: ZipEntry[] }).entries;

  it('refuses one paragraph of 10 MB of text (10 KB zipped): 88 MB took 2.1 GB', async () => {
    const docx = zipSync({
      '_rels/.rels': rels('word/document.xml'),
      'word/document.xml': documentXml('mot '.repeat(MAX_XML_BYTES / 4)),
    });
    expect(await refusal(() => readDocx('texte.docx', docx))).toMatchObject({
      status: 422,
      details: { file: 'texte.docx', reason: 'too_long', max: MAX_XML_BYTES },
    });
  });

  it('counts the part the relationships name as the document, not the pictures', async () => {
    const docx = zipSync({
      '_rels/.rels': rels('word/hidden.xml'),
      'word/document.xml': documentXml('court'),
      'word/hidden.xml': documentXml('x'.repeat(5000)),
      'word/media/a.png': new Uint8Array(50_000),
    });
    const read = await bytesMammothParses(docx, await entriesOf(docx), 1_000_000);
    expect(read).toBeGreaterThan(5000);
    expect(read).toBeLessThan(6000);
    // Relationships too large are refused before mammoth's reader parses them.
    const flood = zipSync({ '_rels/.rels': new Uint8Array(20_000).fill(0x61) });
    expect(await bytesMammothParses(flood, await entriesOf(flood), 10_000)).toBe(20_000);
  });
});

describe("a Markdown file's lines, read before it is parsed", () => {
  const scan =
    (source: string, bounds = {}) =>
    () =>
      scanMarkdown('notes.md', source, { ...MARKDOWN_BOUNDS, ...bounds });

  it('refuses more blocks than an article holds', async () => {
    const sources = ['a\n\n', 'a\r\r', 'a\r\n\r\n', '# a\n', '> a\n>\n'].map((s) => s.repeat(501));
    for (const source of sources) {
      expect(await refusal(scan(source))).toMatchObject({
        status: 422,
        details: { file: 'notes.md', reason: 'too_many_blocks', max: 500 },
      });
    }
  });

  it('refuses lists, lines, nesting and inline markup past their bounds', async () => {
    const cases: [string, number][] = [
      ['- a\n'.repeat(2501), 2500],
      ['- - - - - - - - - - a\n'.repeat(251), 2500],
      ['mot\n'.repeat(20_001), 20_000],
      ['\n'.repeat(20_001), 20_000],
      ['*a* '.repeat(5001), 10_000],
      ['>>>>>>>>>> a\n'.repeat(1001), 10_000],
    ];
    for (const [source, max] of cases) {
      expect(await refusal(scan(source)), source.slice(0, 12)).toMatchObject({
        details: { reason: 'too_complex', max },
      });
    }
    expect(await refusal(scan('mot '.repeat(600_000)))).toMatchObject({
      details: { reason: 'too_long' },
    });
  });

  it('counts what makes no block as none: code, references, breaks, indented and list lines', () => {
    const code = '```js\n' + 'x *= 2; // [a]\n\n'.repeat(600) + '```\n';
    const rest = '[a]: https://example.org\n\n---\n\n- item\n\n  more of the item\n\n'.repeat(200);
    expect(scan(code + rest, { blocks: 2, lines: 5000 })).not.toThrow();
    // A picture written into the file is not counted as text.
    const picture = `![p](data:image/png;base64,${'A'.repeat(3_000_000)})\n`;
    expect(scan(picture)).not.toThrow();
  });
});
