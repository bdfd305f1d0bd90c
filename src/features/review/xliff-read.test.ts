import { describe, expect, it } from 'vitest';
import { ApiError } from '../../server/http/errors.ts';
import { parseXliff } from './xliff-read.ts';

/** The reason a file is refused for, or 'accepted'. */
function verdict(xml: string): unknown {
  try {
    parseXliff(xml);
    return 'accepted';
  } catch (error) {
    if (error instanceof ApiError) return (error.details as { reason: string }).reason;
    throw error;
  }
}

const file = (body: string) =>
  `<xliff version="1.2"><file original="legenda:article:1" target-language="de"><body>${body}</body></file></xliff>`;

describe('an XLIFF file holding more markup than any real one', () => {
  it('is refused while it is read, before its elements or attributes are all kept', () => {
    // 5 MB, the most an upload may be: kept whole, its 1.25 million elements took some 360 MB.
    const elements = file('<a/>'.repeat(1_250_000));
    const before = process.memoryUsage().heapUsed;
    expect(verdict(elements)).toBe('too_many');
    // What the bound lets the reader keep (300,000 elements and attributes) is some 90 MB.
    expect((process.memoryUsage().heapUsed - before) / (1024 * 1024)).toBeLessThan(200);
    const attributes = Array.from({ length: 100_000 }, (_, i) => `a${i}=""`).join(' ');
    expect(verdict(file(`<a ${attributes}/>`))).toBe('too_many');
    expect(verdict(file('<a b="1"/>'.repeat(1000)))).toBe('accepted');
  });
});
