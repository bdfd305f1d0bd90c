import { describe, expect, it } from 'vitest';
import {
  addressParts,
  COLOURS,
  DEFAULT_COLOURS,
  downloadName,
  isColours,
  qrOptions,
  shortAddress,
} from './qrImage.ts';

describe('QR image colours', () => {
  it('keeps white dots on black as the default', () => {
    expect(DEFAULT_COLOURS).toBe('light-on-dark');
    expect(COLOURS[0]).toBe(DEFAULT_COLOURS);
    const options = qrOptions('https://example.org/r/abc');
    expect(options.dotsOptions?.color).toBe('#ffffff');
    expect(options.backgroundOptions?.color).toBe('#000000');
    expect([options.width, options.height, options.margin]).toEqual([300, 300, 1]);
    expect(options.qrOptions?.errorCorrectionLevel).toBe('Q');
  });

  it('offers black on white, otherwise the same code', () => {
    const dark = qrOptions('https://example.org/r/abc', 'svg', 'dark-on-light');
    expect(dark.dotsOptions?.color).toBe('#000000');
    expect(dark.backgroundOptions?.color).toBe('#ffffff');
    const { dotsOptions, backgroundOptions, ...rest } = qrOptions(
      'https://example.org/r/abc',
      'svg',
    );
    void dotsOptions;
    void backgroundOptions;
    expect(dark).toMatchObject(rest);
    expect(isColours('dark-on-light')).toBe(true);
    expect(isColours('red')).toBe(false);
  });

  it('names the variant’s file apart from the default', () => {
    expect(downloadName('Ab3')).toBe('qrcode-Ab3');
    expect(downloadName('Ab3', 'light-on-dark')).toBe('qrcode-Ab3');
    expect(downloadName('Ab3', 'dark-on-light')).toBe('qrcode-Ab3-dark-on-light');
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
