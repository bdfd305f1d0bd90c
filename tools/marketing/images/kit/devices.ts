import { readFileSync } from 'node:fs';
import { C, SANS } from './palette.ts';
import { type Painter } from './objects.ts';
import { bars, g, h, n, pill, qr, text, tf } from './svg.ts';

const LOGO = readFileSync(new URL('../../../../public/logo.svg', import.meta.url), 'utf8').trim();

/** Legenda's logo (public/logo.svg) at (x, y), size × size. */
export function logo(x: number, y: number, size: number): string {
  return LOGO.replace(
    '<svg ',
    `<svg x="${n(x)}" y="${n(y)}" width="${n(size)}" height="${n(size)}" `,
  );
}

export type ScreenFn = (p: Painter, w: number, hh: number) => string;

/** A phone centred on (x, y), w wide, with its screen drawn by `screen` in screen units. */
export function phone(
  p: Painter,
  o: {
    x: number;
    y: number;
    w: number;
    rot?: number;
    screen: ScreenFn;
    body?: string;
    /** Drawn behind and in front of the phone, in its centred coordinates (a hand). */
    behind?: string;
    front?: string;
  },
): string {
  const w = o.w;
  const hh = w * 2.05;
  const pad = w * 0.045;
  const sw = w - pad * 2;
  const sh = hh - pad * 2;
  const clip = p.ids.next('clip');
  p.defs.push(
    h('clipPath', { id: clip }, h('rect', { x: pad, y: pad, width: sw, height: sh, rx: w * 0.1 })),
  );
  return g(
    { transform: tf(o.x, o.y, 1, o.rot ?? 0) },
    o.behind ? g({ filter: 'url(#shadow)' }, o.behind) : '',
    g(
      { transform: `translate(${n(-w / 2)} ${n(-hh / 2)})` },
      g(
        { filter: 'url(#shadow)' },
        h('rect', { width: w, height: hh, rx: w * 0.14, fill: o.body ?? C.ink }),
      ),
      h('rect', {
        x: 1.5,
        y: 1.5,
        width: w - 3,
        height: hh - 3,
        rx: w * 0.135,
        fill: 'none',
        stroke: '#ffffff',
        'stroke-opacity': 0.18,
        'stroke-width': 2,
      }),
      g(
        { 'clip-path': `url(#${clip})` },
        g({ transform: `translate(${n(pad)} ${n(pad)})` }, o.screen(p, sw, sh)),
      ),
      h('circle', { cx: w / 2, cy: pad + w * 0.055, r: w * 0.024, fill: C.ink }),
    ),
    o.front ?? '',
  );
}

/** Height of the app's top bar, in screen widths. */
const TOP = 0.27;

/** The app's top bar: the logo and a language chip. */
function appBar(w: number, lang: string | null): string {
  const bh = TOP * w;
  const mid = bh * 0.64;
  return g(
    {},
    h('rect', { width: w, height: bh, fill: C.paper }),
    logo(w * 0.07, mid - w * 0.05, w * 0.1),
    pill(w * 0.21, mid - w * 0.014, w * 0.3, w * 0.028, C.purple, { opacity: 0.85 }),
    lang
      ? g(
          {},
          pill(w * 0.66, mid - w * 0.045, w * 0.27, w * 0.09, C.rose),
          text(w * 0.795, mid + w * 0.017, lang, {
            size: w * 0.05,
            font: SANS,
            fill: C.purple,
            'text-anchor': 'middle',
            'font-weight': 700,
          }),
        )
      : '',
    h('rect', { y: bh - 1, width: w, height: 1, fill: C.bar }),
  );
}

/** A museum article on a phone: picture, title and lines of text. */
export function articleScreen(opts: {
  lang?: string;
  seed?: number;
  picture?: (p: Painter, w: number, hh: number) => string;
}): ScreenFn {
  return (p, w, hh) => {
    const top = w * TOP;
    const picH = hh * 0.3;
    const pic = opts.picture
      ? opts.picture(p, w, picH)
      : h('rect', { width: w, height: picH, fill: C.sand });
    const y = top + picH + w * 0.08;
    const unit = w * 0.045;
    return g(
      {},
      h('rect', { width: w, height: hh, fill: C.paper }),
      g({ transform: `translate(0 ${n(top)})` }, pic),
      bars(w * 0.08, y, w * 0.78, 2, {
        h: unit * 1.3,
        gap: unit * 0.7,
        fill: C.purple,
        seed: 3,
        last: 0.5,
      }),
      bars(w * 0.08, y + unit * 5, w * 0.84, 9, {
        h: unit * 0.7,
        gap: unit * 0.75,
        seed: opts.seed ?? 7,
        last: 0.6,
      }),
      appBar(w, opts.lang ?? null),
    );
  };
}

/** The language picker: a list of languages, one chosen. */
export function languageScreen(langs: readonly string[], chosen: number): ScreenFn {
  return (_p, w, hh) => {
    const top = w * TOP;
    const rowH = w * 0.2;
    const rows = langs.map((name, i) => {
      const y = top + w * 0.42 + i * rowH;
      const on = i === chosen;
      return g(
        {},
        on
          ? h('rect', {
              x: w * 0.05,
              y: y + rowH * 0.08,
              width: w * 0.9,
              height: rowH * 0.84,
              rx: rowH * 0.22,
              fill: C.rose,
              opacity: 0.7,
            })
          : '',
        text(w * 0.12, y + rowH * 0.62, name, {
          size: rowH * 0.34,
          font: SANS,
          fill: C.ink,
          'font-weight': on ? 700 : 400,
        }),
        h('circle', {
          cx: w * 0.84,
          cy: y + rowH * 0.5,
          r: rowH * 0.16,
          fill: on ? C.accent : 'none',
          stroke: on ? C.accent : C.barDark,
          'stroke-width': rowH * 0.05,
        }),
        on
          ? h('path', {
              d: `M${n(w * 0.84 - rowH * 0.07)} ${n(y + rowH * 0.5)} l${n(rowH * 0.05)} ${n(rowH * 0.06)} l${n(rowH * 0.1)} ${n(-rowH * 0.12)}`,
              stroke: C.paper,
              'stroke-width': rowH * 0.045,
              fill: 'none',
              'stroke-linecap': 'round',
            })
          : '',
        i < langs.length - 1 && !on
          ? h('rect', { x: w * 0.12, y: y + rowH - 0.5, width: w * 0.76, height: 1, fill: C.bar })
          : '',
      );
    });
    return g(
      {},
      h('rect', { width: w, height: hh, fill: C.off }),
      bars(w * 0.08, top + w * 0.08, w * 0.55, 1, { h: w * 0.06, fill: C.purple, last: 1 }),
      h('rect', {
        x: w * 0.06,
        y: top + w * 0.21,
        width: w * 0.88,
        height: w * 0.14,
        rx: w * 0.07,
        fill: C.paper,
        stroke: C.bar,
        'stroke-width': 1.5,
      }),
      h('circle', {
        cx: w * 0.16,
        cy: top + w * 0.28,
        r: w * 0.025,
        fill: 'none',
        stroke: C.barDark,
        'stroke-width': w * 0.008,
      }),
      pill(w * 0.23, top + w * 0.265, w * 0.3, w * 0.03, C.bar),
      ...rows,
      appBar(w, null),
    );
  };
}

/** The camera view while scanning: the panel behind, the code framed by corner marks. */
export function scannerScreen(data: string): ScreenFn {
  return (_p, w, hh) => {
    const s = w * 0.56;
    const x = (w - s) / 2;
    const y = hh * 0.36;
    const m = s * 0.16;
    const k = s * 0.2;
    const corner = (cx: number, cy: number, dx: number, dy: number) =>
      `M${n(cx)} ${n(cy + dy * k)}V${n(cy)}H${n(cx + dx * k)}`;
    return g(
      {},
      h('rect', { width: w, height: hh, fill: C.sandDark }),
      h('rect', { x: -w * 0.2, y: hh * 0.1, width: w * 1.4, height: hh * 0.85, fill: C.off }),
      bars(w * 0.08, hh * 0.16, w * 0.7, 5, { h: w * 0.035, gap: w * 0.03, seed: 21 }),
      qr(data, x, y, s),
      h('path', {
        d: [
          corner(x - m, y - m, 1, 1),
          corner(x + s + m, y - m, -1, 1),
          corner(x - m, y + s + m, 1, -1),
          corner(x + s + m, y + s + m, -1, -1),
        ].join(''),
        fill: 'none',
        stroke: C.accent,
        'stroke-width': w * 0.025,
        'stroke-linecap': 'round',
      }),
      h('rect', { x: 0, y: hh * 0.82, width: w, height: hh * 0.18, fill: C.ink, opacity: 0.75 }),
      h('circle', { cx: w / 2, cy: hh * 0.91, r: w * 0.08, fill: C.paper }),
    );
  };
}

/**
 * A hand holding a phone, seen from its owner's eyes: palm behind, thumb on the left edge,
 * fingers round the right one, the sleeve leaving the picture at the bottom right.
 * Coordinates are the phone's (centred, w wide, upright); draw `behind` before the phone.
 */
export function hand(w: number, skin: string, sleeve: string): { behind: string; front: string } {
  const u = w / 100;
  const path = (pts: string) => pts.replace(/-?\d+(\.\d+)?/g, (v) => n(Number(v) * u));
  const fingers = [0, 1, 2, 3].map((i) =>
    g(
      {},
      h('rect', {
        x: 42 * u,
        y: (-14 + i * 16.5) * u,
        width: (24 - i * 2) * u,
        height: 15 * u,
        rx: 7.5 * u,
        fill: skin,
      }),
      h('rect', {
        x: 44 * u,
        y: (-3 + i * 16.5) * u,
        width: (20 - i * 2) * u,
        height: 3 * u,
        rx: 1.5 * u,
        fill: C.purple,
        opacity: 0.12,
      }),
    ),
  );
  return {
    behind: g(
      {},
      h('path', {
        d: path('M-42 24 Q10 -6 56 -12 L66 60 Q60 110 46 140 L-26 140 Q-44 90 -42 24 Z'),
        fill: skin,
      }),
      h('path', { d: path('M-30 132 L50 132 L96 330 L-4 330 Z'), fill: sleeve }),
      h('path', { d: path('M-30 132 L50 132 L52 141 L-28 141 Z'), fill: C.purple, opacity: 0.22 }),
    ),
    front: g(
      {},
      ...fingers,
      h('path', { d: path('M-58 70 Q-66 30 -52 12 Q-44 4 -38 14 L-38 62 Z'), fill: skin }),
      h('path', {
        d: path('M-50 16 Q-44 10 -41 16'),
        stroke: '#ffffff',
        'stroke-width': 1.6 * u,
        opacity: 0.45,
        fill: 'none',
        'stroke-linecap': 'round',
      }),
    ),
  };
}

/** An open laptop seen from the front; (x, y) is the bottom centre of its base. */
export function laptop(
  p: Painter,
  o: { x: number; y: number; w: number; screen: (p: Painter, w: number, hh: number) => string },
): string {
  const w = o.w;
  const sh = w * 0.62;
  const bez = w * 0.03;
  const clip = p.ids.next('clip');
  p.defs.push(
    h(
      'clipPath',
      { id: clip },
      h('rect', { x: bez, y: bez, width: w - bez * 2, height: sh - bez * 2, rx: 4 }),
    ),
  );
  return g(
    { transform: `translate(${n(o.x - w / 2)} ${n(o.y - sh - w * 0.045)})` },
    g({ filter: 'url(#shadow)' }, h('rect', { width: w, height: sh, rx: w * 0.025, fill: C.ink })),
    g(
      { 'clip-path': `url(#${clip})` },
      g({ transform: `translate(${n(bez)} ${n(bez)})` }, o.screen(p, w - bez * 2, sh - bez * 2)),
    ),
    h('path', {
      d: `M${n(-w * 0.08)} ${n(sh + w * 0.012)} H${n(w * 1.08)} L${n(w * 1.06)} ${n(sh + w * 0.045)} H${n(-w * 0.06)} Z`,
      fill: '#b9b3bc',
    }),
    h('rect', { x: -w * 0.08, y: sh, width: w * 1.16, height: w * 0.014, rx: 2, fill: '#d9d4db' }),
    h('rect', {
      x: w * 0.42,
      y: sh + w * 0.012,
      width: w * 0.16,
      height: w * 0.01,
      rx: 2,
      fill: '#9d97a0',
    }),
  );
}

/** Legenda's article editor: a sidebar, the article being written, and its QR code. */
export function editorScreen(
  p: Painter,
  w: number,
  hh: number,
  picture?: (p: Painter, w: number, hh: number) => string,
): string {
  const side = w * 0.17;
  const u = w / 100;
  const mainX = side + u * 4;
  const mainW = w * 0.5;
  const picH = hh * 0.3;
  const rightX = mainX + mainW + u * 4;
  const rightW = w - rightX - u * 3;
  return g(
    {},
    h('rect', { width: w, height: hh, fill: C.off }),
    h('rect', { width: side, height: hh, fill: C.purple }),
    logo(u * 2.5, u * 2.5, u * 4.5),
    pill(u * 8.5, u * 4, side - u * 11, u * 1.5, C.paper, { opacity: 0.85 }),
    ...[0, 1, 2, 3, 4].map((i) =>
      g(
        {},
        i === 1
          ? h('rect', {
              x: u * 1.5,
              y: u * 11 + i * u * 5.2 - u * 1.7,
              width: side - u * 3,
              height: u * 4.6,
              rx: u * 1,
              fill: C.accent,
              opacity: 0.9,
            })
          : '',
        h('circle', {
          cx: u * 4,
          cy: u * 11.6 + i * u * 5.2,
          r: u * 0.9,
          fill: C.paper,
          opacity: 0.7,
        }),
        pill(u * 6.2, u * 11 + i * u * 5.2, side - u * 10 - (i % 2) * u * 2, u * 1.2, C.paper, {
          opacity: 0.6,
        }),
      ),
    ),
    // The article.
    h('rect', { x: mainX, y: u * 3, width: mainW, height: hh - u * 6, rx: u, fill: C.paper }),
    ...[0, 1, 2, 3, 4, 5].map((i) =>
      h('rect', {
        x: mainX + u * 2 + i * u * 3.4,
        y: u * 5,
        width: u * 2.2,
        height: u * 2.2,
        rx: u * 0.4,
        fill: i === 0 ? C.purple : C.bar,
      }),
    ),
    h('rect', { x: mainX + u * 2, y: u * 9, width: mainW - u * 4, height: 1, fill: C.bar }),
    bars(mainX + u * 3, u * 11.5, mainW * 0.7, 1, { h: u * 2.4, fill: C.ink, last: 1 }),
    g(
      { transform: `translate(${n(mainX + u * 3)} ${n(u * 16.5)})` },
      picture
        ? picture(p, mainW - u * 6, picH)
        : h('rect', { width: mainW - u * 6, height: picH, fill: C.sand }),
    ),
    bars(mainX + u * 3, u * 19 + picH, mainW - u * 6, 6, { h: u * 1.1, gap: u * 1.2, seed: 5 }),
    h('rect', {
      x: mainX + u * 3 + mainW * 0.42,
      y: u * 17.8 + picH + u * 11.6,
      width: u * 0.5,
      height: u * 2.2,
      fill: C.accent,
    }),
    // The side panel: the panel's QR code and the languages.
    h('rect', { x: rightX, y: u * 3, width: rightW, height: hh - u * 6, rx: u, fill: C.paper }),
    bars(rightX + u * 2, u * 5.5, rightW * 0.55, 1, { h: u * 1.4, fill: C.ink, last: 1 }),
    qr('Legenda · article 13', rightX + rightW * 0.18, u * 9.5, rightW * 0.64, { quiet: 1 }),
    ...[0, 1, 2, 3, 4, 5].map((i) =>
      pill(
        rightX + u * 2 + (i % 3) * (rightW - u * 4) * 0.34,
        u * 11 + rightW * 0.64 + Math.floor(i / 3) * u * 3.6,
        (rightW - u * 4) * 0.3,
        u * 2.6,
        i === 0 ? C.rose : C.sand,
      ),
    ),
    pill(rightX + u * 2, hh - u * 9, rightW - u * 4, u * 3.6, C.accent),
    pill(rightX + rightW * 0.3, hh - u * 7.6, rightW * 0.4, u * 0.9, C.paper, { opacity: 0.9 }),
  );
}
