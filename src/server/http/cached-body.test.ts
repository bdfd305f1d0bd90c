import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { cacheBody, cachedResponse, chooseBody, etagOf } from './cached-body.ts';

const text = '<p>Une lanterne de pilote, laiton et verre.</p>'.repeat(40);
const get = (headers: Record<string, string> = {}, method = 'GET') =>
  new Request('http://x/article', { method, headers });

describe('cacheBody', () => {
  it('keeps the bytes, names them with one ETag recipe and compresses above the threshold', () => {
    const body = cacheBody(text, { brotli: true });
    expect(new TextDecoder().decode(body.body)).toBe(text);
    expect(body.etag).toBe(etagOf(text));
    expect(body.etag).toMatch(/^"[\w-]{27}"$/);
    expect(gunzipSync(body.gzip!).toString()).toBe(text);
    expect(brotliDecompressSync(body.br!).toString()).toBe(text);
    expect(cacheBody(text).br).toBeUndefined();
    expect(cacheBody('short', { compressAbove: 512 }).gzip).toBeUndefined();
    expect(cacheBody(text).etag).not.toBe(cacheBody(`${text} `).etag);
  });
});

describe('chooseBody', () => {
  const body = cacheBody(text, { brotli: true });
  it('answers 304 to its own ETag, on a 200 only', () => {
    expect(chooseBody(body, { ifNoneMatch: body.etag, acceptEncoding: undefined })).toBe(
      'not-modified',
    );
    expect(chooseBody(body, { ifNoneMatch: body.etag, acceptEncoding: undefined }, 404)).not.toBe(
      'not-modified',
    );
    expect(chooseBody(body, { ifNoneMatch: '"other"', acceptEncoding: undefined })).toEqual({
      bytes: body.body,
    });
  });

  it('answers 304 to a list holding its ETag, to its weak form, and to *', () => {
    const fresh = (ifNoneMatch: string) =>
      chooseBody(body, { ifNoneMatch, acceptEncoding: 'gzip' });
    expect(fresh(`"old", ${body.etag}`)).toBe('not-modified');
    expect(fresh(`W/${body.etag}`)).toBe('not-modified');
    expect(fresh('*')).toBe('not-modified');
    expect(fresh('"old", W/"older"')).toMatchObject({ encoding: 'gzip' });
    expect(chooseBody(body, { ifNoneMatch: '*', acceptEncoding: undefined }, 404)).toEqual({
      bytes: body.body,
    });
  });

  it('prefers brotli, then gzip, then the bytes as they are', () => {
    const pick = (acceptEncoding: string) =>
      chooseBody(body, { ifNoneMatch: undefined, acceptEncoding });
    expect(pick('gzip, deflate, br')).toMatchObject({ encoding: 'br' });
    expect(pick('gzip')).toMatchObject({ encoding: 'gzip' });
    expect(pick('identity')).toEqual({ bytes: body.body });
    // A word that merely contains "br" or "gzip" is not them.
    expect(pick('xbrx, gzipped')).toEqual({ bytes: body.body });
  });

  it('never sends a coding refused with q=0, and follows the quality values', () => {
    const pick = (acceptEncoding: string) =>
      chooseBody(body, { ifNoneMatch: undefined, acceptEncoding });
    expect(pick('br;q=0, gzip')).toMatchObject({ encoding: 'gzip' });
    expect(pick('gzip;q=0, br;q=0')).toEqual({ bytes: body.body });
    expect(pick('br;q=0.2, gzip;q=0.9')).toMatchObject({ encoding: 'gzip' });
    expect(pick('identity;q=0, gzip;q=0.5')).toMatchObject({ encoding: 'gzip' });
    expect(pick('*;q=0')).toEqual({ bytes: body.body });
    // Compressed forms not made (a small body): the bytes as they are, whatever is asked.
    const small = cacheBody('short', { compressAbove: 512 });
    expect(chooseBody(small, { ifNoneMatch: undefined, acceptEncoding: 'br, gzip' })).toEqual({
      bytes: small.body,
    });
  });
});

describe('cachedResponse', () => {
  const body = cacheBody(text);
  const headers = { 'Content-Type': 'text/html; charset=UTF-8', 'Cache-Control': 'no-cache' };

  it('sends the caller headers, the ETag, the encoding and the length', async () => {
    const res = cachedResponse(get({ 'accept-encoding': 'gzip' }), body, headers);
    expect(res.status).toBe(200);
    expect(res.headers.get('etag')).toBe(body.etag);
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(Number(res.headers.get('content-length'))).toBe(body.gzip!.length);
    expect(gunzipSync(Buffer.from(await res.arrayBuffer())).toString()).toBe(text);
  });

  it('answers 304 with no body to a revalidation, and keeps a 404 a 404', async () => {
    const fresh = cachedResponse(get({ 'if-none-match': body.etag }), body, headers);
    expect(fresh.status).toBe(304);
    expect(await fresh.text()).toBe('');
    expect(fresh.headers.get('etag')).toBe(body.etag);
    const missing = cachedResponse(get({ 'if-none-match': body.etag }), body, headers, 404);
    expect(missing.status).toBe(404);
    expect(await missing.text()).toBe(text);
  });

  it('answers HEAD with the headers and no body', async () => {
    const res = cachedResponse(get({}, 'HEAD'), body, headers);
    expect(res.status).toBe(200);
    expect(Number(res.headers.get('content-length'))).toBe(body.body.length);
    expect(await res.text()).toBe('');
  });
});
