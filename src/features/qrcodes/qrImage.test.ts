import { describe, expect, it } from 'vitest';
import { COLOURS, DEFAULT_COLOURS, downloadName, isColours, qrOptions } from './qrImage.ts';

describe('QR image colours (spec 9, issue 16)', () => {
  it('keeps the spec’s white dots on black as the default', () => {
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
