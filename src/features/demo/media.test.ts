import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { DEMO_MEDIA_LANGUAGES, demoMedia, IMAGE_BUDGET, VIDEO_BUDGET } from './media.ts';

/**
 * The demo media of the landing page (made by `npm run demo:record`, committed in public/demo/):
 * there, real files of their type, within their size budgets.
 */

const ascii = (bytes: Buffer, start: number, end: number) =>
  bytes.subarray(start, end).toString('latin1');

/** The types of an MP4 file's top-level boxes, in order. */
function topLevelBoxes(bytes: Buffer): string[] {
  const types: string[] = [];
  let at = 0;
  while (at + 8 <= bytes.length) {
    let size = bytes.readUInt32BE(at);
    const type = ascii(bytes, at + 4, at + 8);
    if (size === 1) size = Number(bytes.readBigUInt64BE(at + 8));
    if (size === 0) size = bytes.length - at;
    if (size < 8) break;
    types.push(type);
    at += size;
  }
  return types;
}

describe.each(DEMO_MEDIA_LANGUAGES)('the demo media (%s)', (lang) => {
  const media = demoMedia(lang);

  it('has a VP9 WebM video within its budget', () => {
    const bytes = fs.readFileSync(media.webm);
    expect(bytes.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));
    expect(ascii(bytes, 0, 64)).toContain('webm');
    expect(ascii(bytes, 0, 4096)).toContain('V_VP9');
    expect(bytes.length).toBeLessThanOrEqual(VIDEO_BUDGET);
  });

  it('has an H.264 MP4 video that starts playing before it is all loaded, within its budget', () => {
    const bytes = fs.readFileSync(media.mp4);
    const boxes = topLevelBoxes(bytes);
    expect(boxes[0]).toBe('ftyp');
    expect(boxes.indexOf('moov')).toBeGreaterThan(0);
    // +faststart: the index comes before the media data.
    expect(boxes.indexOf('moov')).toBeLessThan(boxes.indexOf('mdat'));
    expect(bytes.includes('avc1')).toBe(true);
    expect(bytes.length).toBeLessThanOrEqual(VIDEO_BUDGET);
  });

  it('has a WebP poster and a WebP phone image within their budget', () => {
    for (const file of [media.poster, media.phone]) {
      const bytes = fs.readFileSync(file);
      expect(ascii(bytes, 0, 4)).toBe('RIFF');
      expect(ascii(bytes, 8, 12)).toBe('WEBP');
      expect(bytes.readUInt32LE(4) + 8).toBe(bytes.length);
      expect(bytes.length).toBeLessThanOrEqual(IMAGE_BUDGET);
    }
  });
});
