import { strToU8, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { ORIGIN } from '../../../tests/helpers/app.ts';
import { useTestApp, type TestApp } from '../../../tests/helpers/use-test-app.ts';
import { makeDocx, type FixtureParagraph } from './docx-fixture.ts';
import { documentReading } from './service.ts';

/**
 * Files small on the wire that would cost the server far more than an article is worth: each is
 * refused before it is parsed, the process grows by less than MAX_GROWTH_MB, and the health check
 * answers meanwhile. Before these bounds, the Word file below took some 300 MB in mammoth and the
 * Markdown file as much in the Markdown parser, seconds of a blocked server each (full-size, 95 MB
 * of paragraphs took 4.95 GB and killed the process).
 */

let t: TestApp;
let cookie: string;
useTestApp({}, (s) => ({ t, cookie } = s));

const MAX_GROWTH_MB = 64;

function send(name: string, bytes: Uint8Array) {
  const form = new FormData();
  form.append('documents', new Blob([new Uint8Array(bytes)]), name);
  form.append('pathArray', '[]');
  return t.request('/api/upload/documents', {
    method: 'POST',
    headers: { origin: ORIGIN, cookie },
    body: form,
  });
}

/** The answer to an import, the health check asked while it runs, and what the process grew. */
async function importWatched(name: string, bytes: Uint8Array) {
  const rssBefore = process.resourceUsage().maxRSS;
  const heapBefore = process.memoryUsage().heapUsed;
  let heapPeak = heapBefore;
  let done = false;
  const sample = async () => {
    while (!done) {
      heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
      await new Promise((resolve) => setImmediate(resolve));
    }
  };
  const sampling = sample();
  const importing = send(name, bytes);
  const health = t.request('/healthz');
  const res = await importing;
  const body = (await res.json()) as { error?: { details: Record<string, unknown> } };
  heapPeak = Math.max(heapPeak, process.memoryUsage().heapUsed);
  done = true;
  await sampling;
  return {
    status: res.status,
    details: body.error?.details,
    health: (await health).status,
    rssGrowthMb: (process.resourceUsage().maxRSS - rssBefore) / 1024,
    heapGrowthMb: (heapPeak - heapBefore) / (1024 * 1024),
  };
}

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

describe('files that hold more than an article', () => {
  it('a Word file of 30,000 short paragraphs (5 KB zipped) is refused before mammoth reads it', async () => {
    const body = '<w:p><w:r><w:t>x</w:t></w:r></w:p>'.repeat(30_000);
    const docx = zipSync(
      {
        '_rels/.rels': strToU8(
          `<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/></Relationships>`,
        ),
        'word/document.xml': strToU8(
          `<w:document xmlns:w="${W}"><w:body>${body}</w:body></w:document>`,
        ),
      },
      { level: 9 },
    );
    expect(docx.length).toBeLessThan(10_000);
    const answer = await importWatched('flood.docx', docx);
    expect(answer).toMatchObject({
      status: 422,
      details: { file: 'flood.docx', reason: 'too_many_paragraphs', max: 2500 },
      health: 200,
    });
    expect(answer.rssGrowthMb).toBeLessThan(MAX_GROWTH_MB);
    expect(answer.heapGrowthMb).toBeLessThan(MAX_GROWTH_MB);
  });

  it('a Markdown file of 20,000 paragraphs (60 KB) is refused before it is parsed', async () => {
    const answer = await importWatched('flood.md', strToU8('a\n\n'.repeat(20_000)));
    expect(answer).toMatchObject({
      status: 422,
      details: { file: 'flood.md', reason: 'too_many_blocks', max: 500 },
      health: 200,
    });
    expect(answer.rssGrowthMb).toBeLessThan(MAX_GROWTH_MB);
    expect(answer.heapGrowthMb).toBeLessThan(MAX_GROWTH_MB);
  });

  it('a long real document still imports: 400 paragraphs, headings and lists', async () => {
    const paragraphs: FixtureParagraph[] = [];
    for (let i = 0; i < 100; i++) {
      paragraphs.push(
        { heading: `Salle ${i}`, level: 2 },
        { text: `La salle ${i} montre des cartes anciennes et des globes. `.repeat(4) },
        { bullet: `Portulan ${i}` },
        { bullet: `Globe ${i}` },
      );
    }
    const markdown = paragraphs
      .map((p) =>
        'heading' in p
          ? `## ${p.heading}`
          : 'text' in p
            ? p.text
            : `- ${String(Object.values(p)[0])}`,
      )
      .join('\n\n');
    const res = await send('long.docx', makeDocx(paragraphs));
    expect(res.status).toBe(201);
    const md = await send('long.md', strToU8(markdown));
    expect(md.status).toBe(201);
    const ids = [
      ...((await res.json()) as { articleIds: number[] }).articleIds,
      ...((await md.json()) as { articleIds: number[] }).articleIds,
    ];
    const lengths = [];
    for (const id of ids) {
      const read = await t.request(`/api/read/article?articleId=${id}`, { headers: { cookie } });
      lengths.push(((await read.json()) as { content: unknown[] }).content.length);
    }
    // The metadata, then per room a heading, a paragraph and one block for the list; the first
    // room's heading is the title, not a block.
    expect(lengths).toEqual([1 + 299, 1 + 299]);
  });

  it('reads one document at a time in the process, and answers 503 past the line', async () => {
    const before = documentReading.stats.maxInFlight;
    const sent = await Promise.all(
      Array.from({ length: 4 }, (_, i) => send(`n${i}.md`, strToU8(`# Note ${i}\n\nTexte.\n`))),
    );
    expect(sent.map((res) => res.status)).toEqual([201, 201, 201, 201]);
    expect(Math.max(before, documentReading.stats.maxInFlight)).toBe(1);
    // Every place taken, the line full: the next import is told to come back.
    const places = [documentReading.enter()];
    while (!documentReading.full) places.push(documentReading.enter());
    const busy = await send('late.md', strToU8('Texte.'));
    expect(busy.status).toBe(503);
    expect(busy.headers.get('retry-after')).toBe('5');
    expect((await busy.json()).error).toMatchObject({ code: 'imports_busy' });
    for (const place of places) (await place)();
  });
});
