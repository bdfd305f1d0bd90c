import { C, HAIRS, SKINS } from '../kit/palette.ts';
import { boule, gravel, jack, type Painter, painter } from '../kit/objects.ts';
import { person } from '../kit/people.ts';
import { floorShadow } from '../kit/room.ts';
import { g, h, Ids, linear, n, rng, type Scene, svgDoc } from '../kit/svg.ts';

/** Leaf-shadow dapples: soft dark blotches, seeded. */
export function dapples(
  x: number,
  y: number,
  w: number,
  hh: number,
  count: number,
  seed: number,
  opacity = 0.12,
): string {
  const r = rng(seed);
  let d = '';
  for (let i = 0; i < count; i++) {
    const cx = x + r() * w;
    const cy = y + r() * hh;
    const rx = 20 + r() * 70;
    const ry = rx * (0.3 + r() * 0.2);
    d += `M${n(cx - rx)} ${n(cy)}a${n(rx)} ${n(ry)} 0 1 0 ${n(rx * 2)} 0a${n(rx)} ${n(ry)} 0 1 0 ${n(-rx * 2)} 0`;
  }
  return h('path', { d, fill: C.purple, opacity, filter: 'url(#blur8)' });
}

/** A cluster of foliage: overlapping round leaves masses, seeded. */
function canopy(cx: number, cy: number, w: number, hh: number, seed: number): string {
  const r = rng(seed);
  const blobs: string[] = [];
  for (let i = 0; i < 60; i++) {
    const x = cx + (r() - 0.5) * w;
    const y = cy + (r() - 0.5) * hh * (1 - Math.abs(x - cx) / w);
    const rad = 26 + r() * 50;
    const tone = i > 48 ? C.seaLight : ([C.seaDark, C.sea, '#24475f'][i % 3] ?? C.sea);
    blobs.push(
      h('ellipse', { cx: x, cy: y, rx: rad, ry: rad * 0.8, fill: tone, opacity: i > 48 ? 0.5 : 1 }),
    );
  }
  return g({}, ...blobs);
}

/** A plane tree's trunk with its mottled bark. */
function trunk(
  p: Painter,
  x: number,
  top: number,
  bottom: number,
  w: number,
  seed: number,
): string {
  const r = rng(seed);
  const clip = p.ids.next('clip');
  const d = `M${n(x - w / 2)} ${n(bottom)} Q${n(x - w * 0.4)} ${n((top + bottom) / 2)} ${n(x - w * 0.35)} ${n(top)} H${n(x + w * 0.35)} Q${n(x + w * 0.4)} ${n((top + bottom) / 2)} ${n(x + w / 2)} ${n(bottom)} Z`;
  p.defs.push(h('clipPath', { id: clip }, h('path', { d })));
  const patches: string[] = [];
  for (let i = 0; i < 26; i++) {
    patches.push(
      h('ellipse', {
        cx: x + (r() - 0.5) * w,
        cy: top + r() * (bottom - top),
        rx: 10 + r() * 26,
        ry: 16 + r() * 40,
        fill: [C.sandLight, C.clay, C.sand][i % 3] ?? C.sand,
      }),
    );
  }
  return g(
    {},
    h('path', { d, fill: C.sandDeep }),
    g(
      { 'clip-path': `url(#${clip})` },
      ...patches,
      h('rect', {
        x: x + w * 0.1,
        y: top,
        width: w,
        height: bottom - top,
        fill: C.purple,
        opacity: 0.18,
      }),
    ),
  );
}

/** A window with open shutters. */
function windowWithShutters(x: number, y: number, w: number, hh: number, shutter: string): string {
  return g(
    {},
    h('rect', { x: x - w * 0.52, y, width: w * 0.5, height: hh, fill: shutter }),
    h('rect', { x: x + w * 1.02, y, width: w * 0.5, height: hh, fill: shutter }),
    ...[0.2, 0.4, 0.6, 0.8].map((t) =>
      h('path', {
        d: `M${n(x - w * 0.48)} ${n(y + hh * t)} h${n(w * 0.42)} M${n(x + w * 1.06)} ${n(y + hh * t)} h${n(w * 0.42)}`,
        stroke: C.seaDark,
        'stroke-width': 3,
        opacity: 0.6,
      }),
    ),
    h('rect', { x, y, width: w, height: hh, fill: C.seaDark }),
    h('path', {
      d: `M${n(x + w / 2)} ${n(y)} V${n(y + hh)} M${n(x)} ${n(y + hh * 0.4)} H${n(x + w)}`,
      stroke: C.sandLight,
      'stroke-width': 5,
    }),
    h('rect', { x: x - 8, y: y + hh, width: w + 16, height: 10, fill: C.sandLight }),
  );
}

/** A courtyard pétanque piste under plane trees, a game in progress. */
export function courtyard(): Scene {
  const p = painter(new Ids());
  const W = 1600;
  const H = 1067;
  const wallBase = 600;
  const wall = p.ids.next('wall');
  const ground = p.ids.next('gr');
  p.defs.push(
    linear(wall, [
      [0, C.clay],
      [1, C.sand],
    ]),
    linear(ground, [
      [0, C.sandDark],
      [1, C.sandLight],
    ]),
  );
  const tiles: string[] = [];
  for (let x = -20; x < W; x += 36)
    tiles.push(
      h('path', {
        d: `M${x} 150 q18 -22 36 0`,
        fill: 'none',
        stroke: C.terraDark,
        'stroke-width': 4,
      }),
    );
  const players = [
    person({
      x: 420,
      y: 1010,
      height: 560,
      skin: SKINS[0],
      hair: HAIRS[3],
      hairStyle: 'short',
      top: C.sea,
      bottom: C.sandDeep,
      pose: 'hip',
    }),
    person({
      x: 590,
      y: 990,
      height: 520,
      skin: SKINS[1],
      hair: HAIRS[0],
      hairStyle: 'bun',
      top: C.terra,
      bottom: C.purple,
      pose: 'stand',
    }),
    person({
      x: 1240,
      y: 880,
      height: 460,
      skin: SKINS[3],
      hair: HAIRS[0],
      hairStyle: 'short',
      top: C.purple,
      bottom: C.seaDark,
      pose: 'point',
      flip: true,
    }),
  ];
  const cluster: [number, number, number][] = [
    [860, 760, 17],
    [1010, 790, 18],
    [960, 730, 15],
    [760, 820, 19],
  ];
  const body = [
    h('rect', { width: W, height: 150, fill: C.seaPale }),
    h('rect', { y: 110, width: W, height: 48, fill: C.terra }),
    ...tiles,
    h('rect', { y: 158, width: W, height: wallBase - 158, fill: `url(#${wall})` }),
    h('rect', { y: 158, width: W, height: 14, fill: C.purple, opacity: 0.12 }),
    windowWithShutters(420, 250, 120, 170, C.sea),
    windowWithShutters(1060, 250, 120, 170, C.sea),
    h('path', { d: 'M700 600 V340 A90 90 0 0 1 880 340 V600 Z', fill: C.woodDark }),
    h('path', {
      d: 'M700 600 V340 A90 90 0 0 1 880 340 V600',
      fill: 'none',
      stroke: C.sandLight,
      'stroke-width': 14,
    }),
    h('path', { d: 'M790 260 V600', stroke: C.wood, 'stroke-width': 4, opacity: 0.6 }),
    h('rect', { y: wallBase - 50, width: W, height: 50, fill: C.sandDark }),
    ...[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10].map((i) =>
      h('path', {
        d: `M${i * 160 + (i % 2) * 50} ${wallBase - 50} v50`,
        stroke: C.sandDeep,
        'stroke-width': 3,
      }),
    ),
    h('rect', { y: wallBase, width: W, height: H - wallBase, fill: `url(#${ground})` }),
    gravel(0, wallBase, W, H - wallBase, 1100, 8, [C.sandDeep, C.paper, C.clay]),
    dapples(0, wallBase + 20, W, H - wallBase, 40, 3, 0.1),
    // Timber edging of the piste.
    h('path', {
      d: `M0 ${wallBase + 40} L${W} ${wallBase + 40}`,
      stroke: C.woodDark,
      'stroke-width': 8,
    }),
    trunk(p, 130, 0, 1040, 110, 4),
    trunk(p, 1480, 0, 900, 90, 9),
    floorShadow(130, 1040, 110, 16, 0.3),
    floorShadow(1480, 900, 90, 14, 0.3),
    // Lights strung between the trees.
    h('path', {
      d: 'M130 230 Q800 420 1480 210',
      fill: 'none',
      stroke: C.ink,
      'stroke-width': 2.5,
    }),
    ...Array.from({ length: 15 }, (_, i) => {
      const t = (i + 1) / 16;
      const x = (1 - t) * (1 - t) * 130 + 2 * (1 - t) * t * 800 + t * t * 1480;
      const y = (1 - t) * (1 - t) * 230 + 2 * (1 - t) * t * 420 + t * t * 210;
      return g(
        {},
        h('circle', { cx: x, cy: y + 14, r: 22, fill: '#fff1cc', opacity: 0.25 }),
        h('circle', { cx: x, cy: y + 12, r: 8, fill: '#fff1cc' }),
      );
    }),
    jack(p, 900, 780, 7),
    ...cluster.map(([x, y, r], i) => boule(p, x, y, r, i + 1)),
    h('path', {
      d: 'M1190 560 Q1080 470 960 640',
      fill: 'none',
      stroke: C.paper,
      'stroke-width': 3,
      'stroke-dasharray': '2 12',
      'stroke-linecap': 'round',
      opacity: 0.8,
    }),
    boule(p, 968, 620, 16, 7),
    floorShadow(420, 1010, 75),
    floorShadow(590, 990, 65),
    floorShadow(1240, 880, 60),
    ...players,
    canopy(120, 40, 700, 200, 2),
    canopy(1460, 20, 560, 180, 5),
  ];
  return svgDoc(W, H, p.defs.join(''), body.join(''), { mottle: 0.5 });
}

/** Boules and the jack on gravel, close up, in dappled shade. */
export function boulesScene(w = 1600, hh = 1067, scale = 1, seed = 12): Scene {
  const p = painter(new Ids());
  const ground = p.ids.next('gr');
  p.defs.push(
    linear(ground, [
      [0, C.sandDark],
      [0.5, C.sand],
      [1, C.sandLight],
    ]),
  );
  const s = scale;
  const items: [number, number, number][] = [
    [0.66, 0.47, 100],
    [0.4, 0.56, 120],
    [0.58, 0.78, 160],
    [0.2, 0.84, 175],
  ];
  const body = [
    h('rect', { width: w, height: hh, fill: `url(#${ground})` }),
    gravel(
      0,
      0,
      w,
      hh,
      Math.round((w * hh) / 520),
      seed,
      [C.sandDeep, C.paper, C.clay, '#cdb79a', C.sandLight],
      2.2 * s,
    ),
    h('ellipse', {
      cx: w * 0.92,
      cy: hh * 1.02,
      rx: 300 * s,
      ry: 120 * s,
      fill: 'none',
      stroke: C.terra,
      'stroke-width': 18 * s,
    }),
    jack(p, w * 0.53, hh * 0.6, 30 * s),
    ...items.map(([x, y, r], i) => boule(p, w * x, hh * y, r * s, seed + i)),
    dapples(0, 0, w, hh, 26, seed + 5, 0.13),
  ];
  return svgDoc(w, hh, p.defs.join(''), body.join(''), { grain: 0.3 });
}
