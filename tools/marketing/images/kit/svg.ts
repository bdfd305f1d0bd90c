import qrcode from 'qrcode-generator';
import { escapeXml } from '../../../../src/server/escape.ts';
import { C } from './palette.ts';

/** An SVG picture: its size in pixels and its markup (viewBox = size). */
export interface Scene {
  width: number;
  height: number;
  svg: string;
}

type AttrValue = string | number | undefined | null | false;
export type Attrs = Record<string, AttrValue>;
type Child = string | false | null | undefined;

/** Rounds a coordinate to 0.1 so the markup stays short. */
export const n = (v: number): string => String(Math.round(v * 10) / 10);

/** One element; numbers are rounded, empty attributes dropped. */
export function h(tag: string, attrs: Attrs = {}, ...children: Child[]): string {
  let out = `<${tag}`;
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    out += ` ${k}="${typeof v === 'number' ? n(v) : escapeXml(v)}"`;
  }
  const inner = children.filter(Boolean).join('');
  return inner ? `${out}>${inner}</${tag}>` : `${out}/>`;
}

export const g = (attrs: Attrs, ...children: Child[]): string => h('g', attrs, ...children);

/** translate(x y) scale(s) rotate(r), skipping the identity parts. */
export function tf(x: number, y: number, s = 1, rot = 0): string {
  let t = `translate(${n(x)} ${n(y)})`;
  if (rot) t += ` rotate(${n(rot)})`;
  if (s !== 1) t += ` scale(${Math.round(s * 1000) / 1000})`;
  return t;
}

/** A seeded generator (mulberry32), so every run draws the same picture. */
export function rng(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Ids for gradients and clip paths, unique within one picture. */
export class Ids {
  private count = 0;
  next(prefix: string): string {
    this.count += 1;
    return `${prefix}${this.count}`;
  }
}

export function linear(
  id: string,
  stops: readonly (readonly [number, string, number?])[],
  dir: { x1?: number; y1?: number; x2?: number; y2?: number } = {},
): string {
  const { x1 = 0, y1 = 0, x2 = 0, y2 = 1 } = dir;
  return h(
    'linearGradient',
    { id, x1, y1, x2, y2 },
    ...stops.map(([o, c, a]) =>
      h('stop', { offset: o, 'stop-color': c, 'stop-opacity': a === undefined ? undefined : a }),
    ),
  );
}

export function radial(
  id: string,
  stops: readonly (readonly [number, string, number?])[],
  at: { cx?: number; cy?: number; r?: number; fx?: number; fy?: number } = {},
): string {
  const { cx = 0.5, cy = 0.5, r = 0.5, fx, fy } = at;
  return h(
    'radialGradient',
    { id, cx, cy, r, fx, fy },
    ...stops.map(([o, c, a]) =>
      h('stop', { offset: o, 'stop-color': c, 'stop-opacity': a === undefined ? undefined : a }),
    ),
  );
}

/** Stretches a grey noise around its middle, so a soft-light blend shows it. */
function contrast(k: number): string {
  const f = (ch: string) => h(ch, { type: 'linear', slope: k, intercept: 0.5 - k / 2 });
  return h('feComponentTransfer', {}, f('feFuncR'), f('feFuncG'), f('feFuncB'));
}

/** Filters every picture may use: soft shadows, paper grain, a mottled wash. */
export const COMMON_DEFS = [
  h(
    'filter',
    { id: 'shadow', x: '-30%', y: '-30%', width: '160%', height: '170%' },
    h('feDropShadow', {
      dx: 0,
      dy: 10,
      stdDeviation: 14,
      'flood-color': C.purple,
      'flood-opacity': 0.22,
    }),
  ),
  h(
    'filter',
    { id: 'shadowSm', x: '-30%', y: '-30%', width: '160%', height: '170%' },
    h('feDropShadow', {
      dx: 0,
      dy: 4,
      stdDeviation: 5,
      'flood-color': C.purple,
      'flood-opacity': 0.2,
    }),
  ),
  h(
    'filter',
    { id: 'blur8', x: '-50%', y: '-50%', width: '200%', height: '200%' },
    h('feGaussianBlur', { stdDeviation: 8 }),
  ),
  h(
    'filter',
    { id: 'blur24', x: '-50%', y: '-50%', width: '200%', height: '200%' },
    h('feGaussianBlur', { stdDeviation: 24 }),
  ),
  // Fine grain, blended in soft-light over the whole picture.
  h(
    'filter',
    { id: 'grain', x: 0, y: 0, width: '100%', height: '100%' },
    h('feTurbulence', {
      type: 'fractalNoise',
      baseFrequency: 0.9,
      numOctaves: 2,
      seed: 11,
      stitchTiles: 'stitch',
    }),
    h('feColorMatrix', { type: 'saturate', values: 0 }),
    contrast(3),
  ),
  // Large soft blotches, for plaster, parchment and sky.
  h(
    'filter',
    { id: 'mottle', x: 0, y: 0, width: '100%', height: '100%' },
    h('feTurbulence', { type: 'fractalNoise', baseFrequency: 0.006, numOctaves: 3, seed: 4 }),
    h('feColorMatrix', { type: 'saturate', values: 0 }),
    contrast(3),
  ),
].join('');

/** A soft shadow around content drawn in the picture's own coordinates. */
export const shadow = (content: string, small = false): string =>
  g({ filter: small ? 'url(#shadowSm)' : 'url(#shadow)' }, content);

/** The picture's outer markup: common filters, the scene's own defs, then grain on top. */
export function svgDoc(
  width: number,
  height: number,
  defs: string,
  body: string,
  opts: { grain?: number; mottle?: number } = {},
): Scene {
  const { grain = 0.22, mottle = 0 } = opts;
  const overlays = [
    mottle > 0 &&
      h('rect', {
        width,
        height,
        filter: 'url(#mottle)',
        opacity: mottle,
        style: 'mix-blend-mode:soft-light',
      }),
    grain > 0 &&
      h('rect', {
        width,
        height,
        filter: 'url(#grain)',
        opacity: grain,
        style: 'mix-blend-mode:soft-light',
      }),
  ];
  const svg = h(
    'svg',
    {
      xmlns: 'http://www.w3.org/2000/svg',
      width,
      height,
      viewBox: `0 0 ${width} ${height}`,
    },
    h('defs', {}, COMMON_DEFS, defs),
    body,
    ...overlays,
  );
  return { width, height, svg };
}

/** Grey bars standing for lines of text; widths vary with the seed, the last line is short. */
export function bars(
  x: number,
  y: number,
  w: number,
  lines: number,
  opts: { h?: number; gap?: number; fill?: string; seed?: number; last?: number } = {},
): string {
  const { h: bh = 10, gap = bh * 0.9, fill = C.bar, seed = 1, last = 0.55 } = opts;
  const r = rng(seed);
  let d = '';
  for (let i = 0; i < lines; i++) {
    const lw = i === lines - 1 ? w * (last + r() * 0.2) : w * (0.86 + r() * 0.14);
    const yy = y + i * (bh + gap);
    d += `M${n(x + bh / 2)} ${n(yy)}h${n(lw - bh)}a${n(bh / 2)} ${n(bh / 2)} 0 0 1 0 ${n(bh)}h${n(bh - lw)}a${n(bh / 2)} ${n(bh / 2)} 0 0 1 0 ${n(-bh)}z`;
  }
  return h('path', { d, fill });
}

/** A rounded bar (a title or a button). */
export const pill = (
  x: number,
  y: number,
  w: number,
  hh: number,
  fill: string,
  extra: Attrs = {},
) => h('rect', { x, y, width: w, height: hh, rx: hh / 2, fill, ...extra });

/** A real QR code (it reads as the text given) drawn as one path, with its quiet zone. */
export function qr(
  data: string,
  x: number,
  y: number,
  size: number,
  opts: { fg?: string; bg?: string | null; quiet?: number } = {},
): string {
  const { fg = C.ink, bg = C.paper, quiet = 2 } = opts;
  const code = qrcode(0, 'M');
  code.addData(data);
  code.make();
  const count = code.getModuleCount();
  const cell = size / (count + quiet * 2);
  let d = '';
  for (let r = 0; r < count; r++) {
    let c = 0;
    while (c < count) {
      if (!code.isDark(r, c)) {
        c++;
        continue;
      }
      let run = 1;
      while (c + run < count && code.isDark(r, c + run)) run++;
      d += `M${c + quiet} ${r + quiet}h${run}v1h${-run}z`;
      c += run;
    }
  }
  return g(
    {},
    bg ? h('rect', { x, y, width: size, height: size, fill: bg, rx: size * 0.03 }) : '',
    h('path', {
      d,
      fill: fg,
      transform: `translate(${n(x)} ${n(y)}) scale(${Math.round(cell * 1000) / 1000})`,
      'shape-rendering': 'crispEdges',
    }),
  );
}

/** Text in the serif or sans font. */
export function text(
  x: number,
  y: number,
  content: string,
  attrs: Attrs & { size: number; font: string },
): string {
  const { size, font, ...rest } = attrs;
  return h('text', { x, y, 'font-family': font, 'font-size': size, ...rest }, escapeXml(content));
}

/** A polygon from points. */
export const poly = (pts: readonly (readonly [number, number])[], attrs: Attrs): string =>
  h('polygon', { points: pts.map(([a, b]) => `${n(a)},${n(b)}`).join(' '), ...attrs });
