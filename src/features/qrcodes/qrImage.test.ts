import { describe, expect, it } from 'vitest';
import {
  addressParts,
  COLOURS,
  DEFAULT_COLOURS,
  downloadName,
  isColours,
  qrOptions,
  QR_MARGIN,
  QR_SIZE,
  shortAddress,
} from './qrImage.ts';

describe('QR image colours', () => {
  it('makes black dots on white the default, the polarity every decoder reads', () => {
    expect(DEFAULT_COLOURS).toBe('dark-on-light');
    expect(COLOURS[0]).toBe(DEFAULT_COLOURS);
    const options = qrOptions('https://example.org/r/abc');
    expect(options.dotsOptions?.color).toBe('#000000');
    expect(options.backgroundOptions?.color).toBe('#ffffff');
    expect([options.width, options.height, options.margin]).toEqual([300, 300, QR_MARGIN]);
    expect(options.qrOptions?.errorCorrectionLevel).toBe('Q');
  });

  it('leaves a quiet zone of at least two modules around every code', () => {
    // As qr-code-styling draws: modules of floor((side - 2 x margin) / count) pixels, centred.
    for (let version = 1; version <= 40; version += 1) {
      const count = 17 + 4 * version;
      const module = Math.floor((QR_SIZE - 2 * QR_MARGIN) / count);
      const quiet = Math.floor((QR_SIZE - count * module) / 2);
      expect(quiet / module, `version ${version}`).toBeGreaterThanOrEqual(2);
    }
  });

  it('offers white on black, otherwise the same code', () => {
    const light = qrOptions('https://example.org/r/abc', 'svg', 'light-on-dark');
    expect(light.dotsOptions?.color).toBe('#ffffff');
    expect(light.backgroundOptions?.color).toBe('#000000');
    const { dotsOptions, backgroundOptions, ...rest } = qrOptions(
      'https://example.org/r/abc',
      'svg',
    );
    void dotsOptions;
    void backgroundOptions;
    expect(light).toMatchObject(rest);
    expect(isColours('light-on-dark')).toBe(true);
    expect(isColours('red')).toBe(false);
  });

  it('names the variant’s file apart from the default', () => {
    expect(downloadName('Ab3')).toBe('qrcode-Ab3');
    expect(downloadName('Ab3', 'dark-on-light')).toBe('qrcode-Ab3');
    expect(downloadName('Ab3', 'light-on-dark')).toBe('qrcode-Ab3-light-on-dark');
  });
});

describe('the printed address', () => {
  it('keeps the code’s part whole and cuts the site only after a slash or before a dot', () => {
    expect(addressParts('https://legenda.example/r/AbC1234567')).toEqual({
      site: ['legenda', '.example/'],
      code: 'r/AbC1234567',
    });
    expect(addressParts('http://127.0.0.1:4399/r/x9')).toEqual({
      site: ['127', '.0', '.0', '.1:4399/'],
      code: 'r/x9',
    });
    // A site below a path keeps its path's pieces apart.
    expect(addressParts('https://www.musee-histoire.fr/visites/r/Zz0')).toEqual({
      site: ['www', '.musee-histoire', '.fr/', 'visites/'],
      code: 'r/Zz0',
    });
  });

  it('prints the whole short address, nothing added or lost', () => {
    for (const url of [
      'https://legenda.example/r/AbC1234567',
      'https://a.b.c.d.example.org/x/y/r/Q',
      'https://example.org/other/Q',
    ]) {
      const { site, code } = addressParts(url);
      expect(site.join('') + code).toBe(shortAddress(url));
    }
  });
});
