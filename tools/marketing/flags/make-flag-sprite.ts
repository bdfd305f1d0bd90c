/**
 * Draws the flag bursts' flags (src/site/flags.ts) into one small sprite: the flags of the
 * flag-icons set (MIT, lipis/flag-icons, its 4:3 SVGs), rasterised with sharp, rounded and edged
 * so a white flag shows on a white page, in a grid of cells with a gap between them (a scaled
 * copy of one cell never picks up its neighbour's colours). It writes
 *
 *   src/site/flag-sprite.webp   the picture (loaded by the page only when the bursts start)
 *   src/site/flag-sprite.ts     where each flag is in it
 *
 * Both are committed, so the build and CI need neither flag-icons nor sharp's SVG renderer.
 * Rerun after changing the list of flags:  npm run flags
 */
import { readFile, writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import sharp, { type OverlayOptions } from 'sharp';
import { format, resolveConfig } from 'prettier';
import { FLAG_COUNTRIES } from '../../../src/site/flags.ts';

/** A cell's flag in sprite pixels: the largest flag (55 px wide) sharp enough at 1.3 pixels per px. */
const FLAG_W = 72;
const FLAG_H = 54;
const GAP = 2;
const COLUMNS = 10;
const RADIUS = 5;
const QUALITY = 60;
const MAX_KB = 56;

const SOURCE = fileURLToPath(new URL('flags/4x3/', import.meta.resolve('flag-icons/package.json')));
const OUT_IMAGE = fileURLToPath(new URL('../../../src/site/flag-sprite.webp', import.meta.url));
const OUT_INDEX = fileURLToPath(new URL('../../../src/site/flag-sprite.ts', import.meta.url));

/** The flag's SVG drawn at the cell's size, as raw RGBA, with round corners and a thin edge. */
async function cell(code: string): Promise<Buffer> {
  const svg = await readFile(`${SOURCE}${code.toLowerCase()}.svg`);
  const flag = await sharp(svg, { density: 72 * (FLAG_W / 640) * 8 })
    .resize(FLAG_W, FLAG_H, { fit: 'fill' })
    .ensureAlpha()
    .png()
    .toBuffer();
  const shape = (extra: string) =>
    Buffer.from(
      `<svg xmlns="http://www.w3.org/2000/svg" width="${FLAG_W}" height="${FLAG_H}">` +
        `<rect x="0.5" y="0.5" width="${FLAG_W - 1}" height="${FLAG_H - 1}" rx="${RADIUS}" ${extra}/></svg>`,
    );
  return sharp(flag)
    .composite([
      { input: shape('fill="#000"'), blend: 'dest-in' },
      { input: shape('fill="none" stroke="rgba(0,0,0,0.22)" stroke-width="1"'), blend: 'over' },
    ])
    .raw()
    .toBuffer();
}

async function main(): Promise<void> {
  const rows = Math.ceil(FLAG_COUNTRIES.length / COLUMNS);
  const width = COLUMNS * (FLAG_W + GAP) + GAP;
  const height = rows * (FLAG_H + GAP) + GAP;
  const rects: Record<string, [number, number, number, number]> = {};
  const layers: OverlayOptions[] = [];
  for (const [index, code] of FLAG_COUNTRIES.entries()) {
    const left = GAP + (index % COLUMNS) * (FLAG_W + GAP);
    const top = GAP + Math.floor(index / COLUMNS) * (FLAG_H + GAP);
    rects[code] = [left, top, FLAG_W, FLAG_H];
    layers.push({
      input: await cell(code),
      raw: { width: FLAG_W, height: FLAG_H, channels: 4 },
      left,
      top,
    });
  }
  const image = await sharp({
    create: { width, height, channels: 4, background: { r: 0, g: 0, b: 0, alpha: 0 } },
  })
    .composite(layers)
    .webp({ quality: QUALITY, alphaQuality: 90, effort: 6, smartSubsample: true })
    .toBuffer();
  if (image.length > MAX_KB * 1024) {
    throw new Error(`flag sprite is ${Math.round(image.length / 1024)} KB, over ${MAX_KB} KB`);
  }
  await writeFile(OUT_IMAGE, image);
  const lines = Object.entries(rects).map(([code, rect]) => `  ${code}: [${rect.join(', ')}],`);
  const index = [
    '// Written by tools/marketing/flags/make-flag-sprite.ts from flag-icons (MIT); do not edit.',
    '',
    '/** The sprite flag-sprite.webp: its size, and each flag’s cell [left, top, width, height]. */',
    `export const FLAG_SPRITE = { width: ${width}, height: ${height} } as const;`,
    '',
    'export const FLAG_RECTS: Readonly<Record<string, readonly [number, number, number, number]>> = {',
    ...lines,
    '};',
    '',
  ].join('\n');
  // Formatted as the repository's Prettier would, so `npm run lint` passes after a rerun.
  const options = await resolveConfig(OUT_INDEX);
  await writeFile(OUT_INDEX, await format(index, { ...options, filepath: OUT_INDEX }));
  console.log(
    `${FLAG_COUNTRIES.length} flags, ${width}×${height}, ${(image.length / 1024).toFixed(1)} KB`,
  );
}

await main();
