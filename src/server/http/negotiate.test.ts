import { describe, expect, it } from 'vitest';
import { ifNoneMatchHits, pickCoding } from './negotiate.ts';

describe('ifNoneMatchHits', () => {
  const etag = '"abc"';

  it('finds the tag in a list, with or without spaces', () => {
    expect(ifNoneMatchHits('"abc"', etag)).toBe(true);
    expect(ifNoneMatchHits('"x", "abc"', etag)).toBe(true);
    expect(ifNoneMatchHits('"x","abc","y"', etag)).toBe(true);
    expect(ifNoneMatchHits(' "abc" ,"y"', etag)).toBe(true);
    expect(ifNoneMatchHits('"x", "y"', etag)).toBe(false);
  });

  it('compares weakly: W/ on either side is the same tag', () => {
    expect(ifNoneMatchHits('W/"abc"', etag)).toBe(true);
    expect(ifNoneMatchHits('"x", W/"abc"', etag)).toBe(true);
    expect(ifNoneMatchHits('"abc"', 'W/"abc"')).toBe(true);
    expect(ifNoneMatchHits('W/"abc"', 'W/"abc"')).toBe(true);
    expect(ifNoneMatchHits('w/"abd"', etag)).toBe(false);
  });

  it('takes * for any current representation', () => {
    expect(ifNoneMatchHits('*', etag)).toBe(true);
    expect(ifNoneMatchHits(' * ', etag)).toBe(true);
  });

  it('never matches a part of a tag, an unquoted one, or nothing', () => {
    expect(ifNoneMatchHits('"abcd"', etag)).toBe(false);
    expect(ifNoneMatchHits('"ab"', etag)).toBe(false);
    expect(ifNoneMatchHits('abc', etag)).toBe(false);
    expect(ifNoneMatchHits('"", "a", "bc"', etag)).toBe(false);
    expect(ifNoneMatchHits('', etag)).toBe(false);
    expect(ifNoneMatchHits(undefined, etag)).toBe(false);
    // `*` inside a list is no wildcard.
    expect(ifNoneMatchHits('"x", *', etag)).toBe(false);
    expect(ifNoneMatchHits('"abc, *', etag)).toBe(false);
    expect(ifNoneMatchHits('"x"abc"', etag)).toBe(false);
  });
});

describe('pickCoding', () => {
  const both = { br: true, gzip: true };
  const gzipOnly = { br: false, gzip: true };
  const none = { br: false, gzip: false };
  const pick = (header: string | undefined, available = both) => pickCoding(header, available);

  it('prefers brotli, then gzip, when the client likes them equally', () => {
    expect(pick('gzip, deflate, br')).toBe('br');
    expect(pick('gzip, deflate, br, zstd')).toBe('br');
    expect(pick('br;q=0.8, gzip;q=0.8')).toBe('br');
    expect(pick('gzip, deflate, br', gzipOnly)).toBe('gzip');
    expect(pick('gzip, br', none)).toBe('identity');
  });

  it('follows the quality values', () => {
    expect(pick('br;q=0.5, gzip')).toBe('gzip');
    expect(pick('br;q=0.5, gzip;q=0.6')).toBe('gzip');
    expect(pick('BR;Q=0.9, GZIP;q=0.2')).toBe('br');
    expect(pick('identity, gzip;q=0.5')).toBe('identity');
    expect(pick('gzip;q=1.0, identity;q=0.5')).toBe('gzip');
    expect(pick('x-gzip')).toBe('gzip');
  });

  it('never sends a coding refused with q=0', () => {
    expect(pick('br;q=0, gzip')).toBe('gzip');
    expect(pick('br;q=0')).toBe('identity');
    expect(pick('gzip, br; q=0')).toBe('gzip');
    expect(pick('br;q=0.000, gzip;q=0')).toBe('identity');
    expect(pick('*;q=0, gzip')).toBe('gzip');
  });

  it('reads * for what is not named, and identity as acceptable unless refused', () => {
    expect(pick('*')).toBe('br');
    expect(pick('*', gzipOnly)).toBe('gzip');
    expect(pick('*;q=0.5, br;q=0')).toBe('gzip');
    expect(pick('identity;q=0, gzip;q=0.1')).toBe('gzip');
    expect(pick('identity;q=0', gzipOnly)).toBe('identity');
    // Everything refused: the bytes as they are rather than nothing.
    expect(pick('*;q=0')).toBe('identity');
    expect(pick('identity;q=0', none)).toBe('identity');
  });

  it('sends the bytes as they are without a header, with an empty one, or an unknown word', () => {
    expect(pick(undefined)).toBe('identity');
    expect(pick('')).toBe('identity');
    expect(pick('identity')).toBe('identity');
    // A word that merely contains "br" or "gzip" is not them.
    expect(pick('xbrx, gzipped')).toBe('identity');
    expect(pick('deflate, zstd')).toBe('identity');
  });

  it('answers a header asked again the same, and stays right past its memory', () => {
    for (let i = 0; i < 600; i++)
      expect(pick(`gzip;q=0.${(i % 9) + 1}, made-up-${i}`)).toBe('gzip');
    for (let i = 0; i < 3; i++) {
      expect(pick('gzip, deflate, br')).toBe('br');
      expect(pick('gzip, deflate, br', gzipOnly)).toBe('gzip');
      expect(pick('gzip, deflate, br', none)).toBe('identity');
      expect(pick('br;q=0, gzip')).toBe('gzip');
      expect(pick(`${'x-made-up, '.repeat(40)}br;q=0, gzip`)).toBe('gzip');
    }
  });
});
