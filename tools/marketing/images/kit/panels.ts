import { C, SANS, SERIF } from './palette.ts';
import {
  anchor,
  crane,
  lantern,
  lighthouse,
  type Painter,
  sailboat,
  shipModel,
} from './objects.ts';
import { bars, g, h, linear, n, pill, qr, text } from './svg.ts';

export type PicKind =
  'ship' | 'harbour' | 'lighthouse' | 'anchor' | 'map' | 'portrait' | 'boat' | 'lantern' | 'arches';

/** A small picture for a panel or a screen, drawn in a w × h box. */
export function miniPic(p: Painter, kind: PicKind, w: number, hh: number): string {
  const clip = p.ids.next('clip');
  p.defs.push(h('clipPath', { id: clip }, h('rect', { width: w, height: hh })));
  const s = hh / 100;
  let bg: string = C.sand;
  let art = '';
  switch (kind) {
    case 'ship':
      bg = C.seaPale;
      art =
        shipModel(p, { x: w / 2 - 6 * s, y: hh * 0.62, s: s * 0.33 }, { stand: false }) +
        h('rect', { y: hh * 0.7, width: w, height: hh * 0.3, fill: C.sea });
      break;
    case 'harbour': {
      bg = C.terraLight;
      art = [
        h('circle', { cx: w * 0.3, cy: hh * 0.55, r: hh * 0.16, fill: C.sandLight, opacity: 0.8 }),
        crane({ x: w * 0.62, y: hh * 0.72, s: s * 0.16 }, C.plum),
        crane({ x: w * 0.86, y: hh * 0.72, s: s * 0.13 }, C.mauve, { raised: true }),
        h('rect', { y: hh * 0.72, width: w, height: hh * 0.28, fill: C.sea }),
        sailboat({ x: w * 0.25, y: hh * 0.76, s: s * 0.2 }, { hull: C.off }),
      ].join('');
      break;
    }
    case 'lighthouse':
      bg = C.seaLight;
      art =
        lighthouse(p, { x: w * 0.5, y: hh * 0.86, s: s * 0.26 }, { lit: true }) +
        h('path', {
          d: `M0 ${n(hh * 0.86)} Q${n(w * 0.3)} ${n(hh * 0.76)} ${n(w * 0.5)} ${n(hh * 0.8)} Q${n(w * 0.75)} ${n(hh * 0.74)} ${n(w)} ${n(hh * 0.84)} V${n(hh)} H0 Z`,
          fill: C.purple,
        });
      break;
    case 'anchor':
      bg = C.sand;
      art = anchor(p, { x: w / 2, y: hh * 0.52, s: s * 0.4 }, C.seaDark);
      break;
    case 'lantern':
      bg = C.plum;
      art = lantern(p, { x: w / 2, y: hh * 0.9, s: s * 0.34 });
      break;
    case 'map':
      bg = C.sandLight;
      art = [
        h('path', {
          d: `M0 ${n(hh * 0.3)} Q${n(w * 0.3)} ${n(hh * 0.2)} ${n(w * 0.45)} ${n(hh * 0.45)} Q${n(w * 0.55)} ${n(hh * 0.7)} ${n(w * 0.8)} ${n(hh * 0.6)} Q${n(w * 0.9)} ${n(hh * 0.5)} ${n(w)} ${n(hh * 0.55)} V${n(hh)} H0 Z`,
          fill: C.sandDark,
        }),
        h('circle', {
          cx: w * 0.78,
          cy: hh * 0.28,
          r: hh * 0.12,
          fill: 'none',
          stroke: C.terra,
          'stroke-width': Math.max(1, s * 1.2),
        }),
        h('path', {
          d: `M${n(w * 0.78)} ${n(hh * 0.12)} V${n(hh * 0.44)} M${n(w * 0.78 - hh * 0.16)} ${n(hh * 0.28)} H${n(w * 0.78 + hh * 0.16)}`,
          stroke: C.terra,
          'stroke-width': Math.max(1, s),
        }),
      ].join('');
      break;
    case 'portrait':
      bg = C.sea;
      art = [
        h('ellipse', { cx: w / 2, cy: hh * 0.5, rx: hh * 0.3, ry: hh * 0.4, fill: C.sandLight }),
        h('circle', { cx: w / 2, cy: hh * 0.4, r: hh * 0.12, fill: C.purple }),
        h('path', {
          d: `M${n(w / 2 - hh * 0.22)} ${n(hh * 0.82)} Q${n(w / 2)} ${n(hh * 0.45)} ${n(w / 2 + hh * 0.22)} ${n(hh * 0.82)} Z`,
          fill: C.purple,
        }),
      ].join('');
      break;
    case 'boat':
      bg = C.sandLight;
      art = [
        h('rect', { y: hh * 0.7, width: w, height: hh * 0.3, fill: C.seaLight }),
        sailboat({ x: w * 0.5, y: hh * 0.74, s: s * 0.34 }, { hull: C.terra, sail: C.paper }),
      ].join('');
      break;
    case 'arches':
      bg = C.sandDark;
      art = [0, 1, 2]
        .map((i) => {
          const aw = w / 3;
          const x = i * aw + aw * 0.18;
          const ww = aw * 0.64;
          return h('path', {
            d: `M${n(x)} ${n(hh)} V${n(hh * 0.5)} A${n(ww / 2)} ${n(ww / 2)} 0 0 1 ${n(x + ww)} ${n(hh * 0.5)} V${n(hh)} Z`,
            fill: C.sea,
          });
        })
        .join('');
      break;
  }
  return g({ 'clip-path': `url(#${clip})` }, h('rect', { width: w, height: hh, fill: bg }), art);
}

export interface PanelOpts {
  x: number;
  y: number;
  w: number;
  /** Height; defaults to a 2:3 portrait panel. */
  h?: number;
  num: number;
  pic: PicKind;
  /** Colour of the number badge and the panel's band. */
  accent?: string;
  seed?: number;
  /** Language chips under the text (for close-ups). */
  chips?: readonly string[];
}

/**
 * A museum's explanatory panel: its number, a picture, lines of text and its QR code.
 * (x, y) is the top left corner.
 */
export function panel(p: Painter, o: PanelOpts): string {
  const w = o.w;
  const hh = o.h ?? w * 1.45;
  const u = w / 100;
  const accent = o.accent ?? C.purple;
  const badge = u * 9;
  const picY = u * 30;
  const picH = hh * 0.34;
  const textY = picY + picH + u * 7;
  const qrS = u * 30;
  const qrY = hh - qrS - u * 6;
  const gradId = p.ids.next('pn');
  p.defs.push(
    linear(gradId, [
      [0, C.paper],
      [1, '#f4eee6'],
    ]),
  );
  return g(
    { transform: `translate(${n(o.x)} ${n(o.y)})` },
    g(
      { filter: 'url(#shadow)' },
      h('rect', { width: w, height: hh, rx: u * 1.2, fill: `url(#${gradId})` }),
    ),
    h('rect', { width: w, height: u * 2.2, fill: accent }),
    h('circle', { cx: u * 8 + badge, cy: u * 8 + badge, r: badge, fill: accent }),
    text(u * 8 + badge, u * 8 + badge * 1.36, String(o.num), {
      size: badge * (o.num > 9 ? 0.95 : 1.1),
      font: SERIF,
      fill: C.paper,
      'text-anchor': 'middle',
      'font-weight': 700,
    }),
    bars(u * 30, u * 9.5, u * 62, 2, {
      h: u * 3.6,
      gap: u * 2.8,
      fill: C.ink,
      seed: o.num,
      last: 0.62,
    }),
    g({ transform: `translate(${n(u * 8)} ${n(picY)})` }, miniPic(p, o.pic, w - u * 16, picH)),
    bars(u * 8, textY, u * 84, Math.max(2, Math.floor((qrY - textY - u * 1) / (u * 5.4))), {
      h: u * 2.4,
      gap: u * 3,
      seed: (o.seed ?? o.num) * 7,
      last: 0.5,
    }),
    o.chips
      ? g(
          {},
          ...o.chips.map((label, i) =>
            g(
              {},
              pill(
                u * 8 + i * u * 13.5,
                qrY + qrS * 0.5,
                u * 12,
                u * 6.6,
                i === 0 ? C.rose : C.sand,
              ),
              text(u * 14 + i * u * 13.5, qrY + qrS * 0.5 + u * 4.6, label, {
                size: u * 3.4,
                font: SANS,
                fill: C.purple,
                'text-anchor': 'middle',
                'font-weight': 700,
              }),
            ),
          ),
        )
      : g(
          {},
          pill(u * 8, qrY + qrS * 0.55, u * 30, u * 3, C.bar),
          pill(u * 8, qrY + qrS * 0.8, u * 20, u * 3, C.bar),
        ),
    qr(`Legenda · panneau ${o.num}`, w - qrS - u * 7, qrY, qrS, { quiet: 1.5 }),
  );
}

/** A museum label card (cartel): a title, lines of text, a language tag and a small QR code. */
export function labelCard(
  _painter: Painter,
  o: { x: number; y: number; w: number; tag: string; seed: number; rot?: number; accent?: string },
): string {
  const w = o.w;
  const hh = w * 0.66;
  const u = w / 100;
  const qrS = u * 24;
  const accent = o.accent ?? C.purple;
  return g(
    { transform: `translate(${n(o.x)} ${n(o.y)}) rotate(${o.rot ?? 0})` },
    g({ filter: 'url(#shadow)' }, h('rect', { width: w, height: hh, rx: u * 1.5, fill: C.paper })),
    h('rect', { x: u * 7, y: u * 8, width: u * 1.2, height: u * 16, fill: accent }),
    bars(u * 11, u * 8.5, u * 56, 2, {
      h: u * 5,
      gap: u * 3,
      fill: C.ink,
      seed: o.seed,
      last: 0.6,
    }),
    bars(u * 7, u * 31, u * 56, 4, { h: u * 2.8, gap: u * 3.4, seed: o.seed + 3, last: 0.7 }),
    pill(u * 7, hh - u * 16, u * 28, u * 9, C.rose),
    text(u * 21, hh - u * 9.6, o.tag, {
      size: u * 4.6,
      font: SANS,
      fill: C.purple,
      'text-anchor': 'middle',
      'font-weight': 700,
    }),
    qr(`Legenda · ${o.tag}`, w - qrS - u * 7, hh - qrS - u * 7, qrS, { quiet: 1 }),
  );
}
