import { DEFAULT_BACKGROUND } from '../../articles/content-fields.ts';

/** The colour of our own words on a museum's background (visitor pages, the editor's preview). */

const COLOR = /^#[0-9a-fA-F]{6}$/;

/** A #rrggbb colour, or the default background. */
export function backgroundColor(value: string): string {
  return COLOR.test(value) ? value : DEFAULT_BACKGROUND;
}

function luminance(hex: string): number {
  const [r = 0, g = 0, b = 0] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export const LIGHT_INK = '#ffffff';
const DARK_INK = '#1f1422';

/**
 * The text colour of our own words on a museum's background: white, or near black when that
 * contrasts more (WCAG relative luminance). Staff pick the background; our words must stay legible.
 */
export function inkOn(background: string): string {
  const l = luminance(backgroundColor(background));
  const white = 1.05 / (l + 0.05);
  const dark = (l + 0.05) / (luminance(DARK_INK) + 0.05);
  return white >= dark ? LIGHT_INK : DARK_INK;
}
