import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { PNG_1PX } from '../../../tests/helpers/media.ts';
import { ApiError } from '../../server/http/errors.ts';
import { MAX_ELEMENTS } from '../articles/content-fields.ts';
import { makeDocx } from './docx-fixture.ts';
import { readDocx } from './docx.ts';
import { readMarkdown } from './markdown.ts';
import { checkZip } from './zip-check.ts';

const md = (text: string) => readMarkdown('notes.md', strToU8(text));

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

describe('Word documents', () => {
  it('turn headings, paragraphs, lists, links and images into blocks', async () => {
    const draft = await readDocx(
      'Salle 1.docx',
      makeDocx([
        { heading: 'La salle des cartes' },
        { text: 'Des cartes anciennes, ', italic: 'vraiment' },
        { bullet: 'Portulans' },
        { bullet: 'Globes' },
        { numbered: 'Premier' },
        { numbered: 'Second' },
        { link: 'Le catalogue', href: 'https://example.org/catalogue' },
        { image: new Uint8Array(PNG_1PX), alt: 'Une carte' },
        { heading: 'Plus loin', level: 2 },
      ]),
    );
    // The first heading is the title visitors see, above the blocks: not a block as well.
    expect(draft.publicTitle).toBe('La salle des cartes');
    expect(draft.blocks).toEqual([
      { type: 'text', content: 'Des cartes anciennes, [!vraiment!]', bold: false, fontSize: 16 },
      {
        type: 'text',
        content: '• Portulans\n• Globes\n1. Premier\n2. Second',
        bold: false,
        fontSize: 16,
      },
      { type: 'link', content: 'Le catalogue', link: 'https://example.org/catalogue' },
      { type: 'image', image: 0, alt: 'Une carte' },
      { type: 'text', content: 'Plus loin', bold: true, fontSize: 24 },
    ]);
    expect(Buffer.from(draft.images[0]!.bytes)).toEqual(PNG_1PX);
  });

  it('keep a paragraph with links one text, each link written once in it', async () => {
    const draft = await readDocx(
      'x.docx',
      makeDocx([
        {
          parts: [
            { link: 'En savoir plus', href: 'https://example.org' },
            ' et ',
            { link: 'lien', href: 'javascript:alert(1)' },
            ', ',
            { link: 'écrire', href: 'mailto:accueil@example.org' },
            '.',
          ],
        },
      ]),
    );
    expect(draft.blocks).toEqual([
      {
        type: 'text',
        content: 'En savoir plus (https://example.org) et lien, écrire (accueil@example.org).',
        bold: false,
        fontSize: 16,
      },
    ]);
  });

  it('keep a heading longer than a title as a heading, the title left empty', async () => {
    const long = 'Une très longue phrase en guise de titre '.repeat(4).trim();
    const draft = await readDocx('x.docx', makeDocx([{ heading: long }, { heading: 'Suite' }]));
    expect(draft.publicTitle).toBe('');
    expect(draft.blocks).toEqual([
      { type: 'text', content: long, bold: true, fontSize: 28 },
      { type: 'text', content: 'Suite', bold: true, fontSize: 28 },
    ]);
  });

  it('keep markup and unsafe links as text', async () => {
    const draft = await readDocx(
      'x.docx',
      makeDocx([
        { text: '<img src=x onerror=alert(1)>\u0007' },
        { link: 'Cliquez', href: 'javascript:alert(1)' },
      ]),
    );
    expect(draft.blocks).toEqual([
      { type: 'text', content: '<img src=x onerror=alert(1)>', bold: false, fontSize: 16 },
      { type: 'text', content: 'Cliquez', bold: false, fontSize: 16 },
    ]);
  });

  it('refuse a renamed PDF, a zip without a document and a document of 501 paragraphs', async () => {
    const pdf = strToU8('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF');
    expect(await refusal(() => readDocx('a.docx', pdf))).toMatchObject({
      status: 415,
      details: { file: 'a.docx', reason: 'not_docx' },
    });
    const zip = zipSync({ 'hello.txt': strToU8('hello') });
    expect(await refusal(() => readDocx('b.docx', zip))).toMatchObject({
      details: { reason: 'not_docx' },
    });
    const long = makeDocx(Array.from({ length: 501 }, (_, i) => ({ text: `Paragraphe ${i}` })));
    expect(await refusal(() => readDocx('long.docx', long))).toMatchObject({
      status: 422,
      details: { file: 'long.docx', reason: 'too_many_blocks', max: MAX_ELEMENTS },
    });
  });
});

describe('zip bombs', () => {
  /** A zip whose document inflates to `size` bytes of zeros. */
  const bomb = (size: number) =>
    zipSync({ 'word/document.xml': new Uint8Array(size) }, { level: 1 });

  it('are refused by their declared size before anything is unzipped', async () => {
    expect(await checkZip(bomb(2 * 1024 * 1024), 1024 * 1024)).toEqual({
      ok: false,
      reason: 'too_large',
    });
    expect(await checkZip(bomb(1000), 1024 * 1024)).toMatchObject({ ok: true });
  });

  it('are refused when they lie about their size', async () => {
    const zip = bomb(4 * 1024 * 1024);
    // Every declared uncompressed size (local header and central directory) says 1000 bytes.
    const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
    for (let at = 0; at + 4 <= zip.length; at++) {
      const sig = view.getUint32(at, true);
      if (sig === 0x04034b50) view.setUint32(at + 22, 1000, true);
      if (sig === 0x02014b50) view.setUint32(at + 24, 1000, true);
    }
    expect(await checkZip(zip)).toEqual({ ok: false, reason: 'too_large' });
    expect(await refusal(() => readDocx('bombe.docx', zip))).toMatchObject({
      status: 422,
      details: { file: 'bombe.docx', reason: 'zip_bomb' },
    });
  });
});

describe('Markdown', () => {
  it('turns CommonMark into blocks, the first heading the public title', async () => {
    const png = PNG_1PX.toString('base64');
    const draft = await md(
      `# Le phare\n\nTexte *penché* et **gras**.\n\n- un\n- deux\n  1. sous\n\n3. trois\n4. quatre\n\n` +
        `[Horaires](https://example.org/horaires)\n\n## Suite\n\n![Le phare](data:image/png;base64,${png})\n\n` +
        `![Ailleurs](photo.jpg)\n`,
    );
    expect(draft.publicTitle).toBe('Le phare');
    expect(draft.blocks).toEqual([
      { type: 'text', content: 'Texte [!penché!] et gras.', bold: false, fontSize: 16 },
      { type: 'text', content: '• un\n• deux\n1. sous', bold: false, fontSize: 16 },
      { type: 'text', content: '3. trois\n4. quatre', bold: false, fontSize: 16 },
      { type: 'link', content: 'Horaires', link: 'https://example.org/horaires' },
      { type: 'text', content: 'Suite', bold: true, fontSize: 24 },
      { type: 'image', image: 0, alt: 'Le phare' },
    ]);
    expect(Buffer.from(draft.images[0]!.bytes)).toEqual(PNG_1PX);
    // A relative image was not sent with the file: skipped, and named.
    expect(draft.skippedImages).toEqual(['photo.jpg']);
  });

  it('keeps hostile text as text and drops control characters', async () => {
    const draft = await md(
      '<script>alert(1)</script>\n\nA\u0001B\u001b[31m \uD800 [x](javascript:alert(1)) <b>b</b>\n',
    );
    expect(draft.blocks).toEqual([
      { type: 'text', content: '<script>alert(1)</script>', bold: false, fontSize: 16 },
      // The lone surrogate half arrives as U+FFFD: the bytes are UTF-8.
      { type: 'text', content: 'A B [31m \uFFFD x <b>b</b>', bold: false, fontSize: 16 },
    ]);
  });

  it('keeps a paragraph with links one text, a refused link its words once', async () => {
    const draft = await md(
      '[En savoir plus](https://example.org) et [lien](javascript:alert(1)).\n\n' +
        'Voir <https://example.org/plan> ou *[le plan](https://example.org/plan.pdf)*.\n\n' +
        '[Horaires](https://example.org/horaires)\n\n[Rien](javascript:void(0))\n',
    );
    expect(draft.blocks).toEqual([
      {
        type: 'text',
        content: 'En savoir plus (https://example.org) et lien.',
        bold: false,
        fontSize: 16,
      },
      {
        type: 'text',
        content: 'Voir https://example.org/plan ou [!le plan (https://example.org/plan.pdf)!].',
        bold: false,
        fontSize: 16,
      },
      // A paragraph that is one link a visitor may follow stays a link block.
      { type: 'link', content: 'Horaires', link: 'https://example.org/horaires' },
      { type: 'text', content: 'Rien', bold: false, fontSize: 16 },
    ]);
  });

  it('splits a very long paragraph into texts the model takes', async () => {
    const draft = await md(`${'mot '.repeat(3000)}\n`);
    expect(draft.blocks.length).toBe(3);
    for (const block of draft.blocks)
      expect((block as { content: string }).content.length).toBeLessThanOrEqual(5000);
  });

  it('refuses what is not UTF-8 text, and too many blocks', async () => {
    const pdf = new Uint8Array([...strToU8('%PDF-1.4\n'), 0xe2, 0xe3, 0xcf, 0xd3, 0x00]);
    expect(await refusal(() => readMarkdown('notes.md', pdf))).toMatchObject({
      status: 415,
      details: { file: 'notes.md', reason: 'not_text' },
    });
    const many = Array.from({ length: MAX_ELEMENTS + 1 }, (_, i) => `Paragraphe ${i}`).join('\n\n');
    expect(await refusal(() => md(many))).toMatchObject({
      details: { file: 'notes.md', reason: 'too_many_blocks' },
    });
  });
});
