import { editorScreen, laptop, logo } from '../kit/devices.ts';
import { C, HAIRS, SERIF, SKINS } from '../kit/palette.ts';
import { crane, glow, type Painter, painter } from '../kit/objects.ts';
import { miniPic } from '../kit/panels.ts';
import { person } from '../kit/people.ts';
import { floorShadow } from '../kit/room.ts';
import { bars, g, h, Ids, linear, n, qr, type Scene, svgDoc, text, tf } from '../kit/svg.ts';

const W = 1600;
const H = 1067;

function fill(p: Painter, make: (id: string) => string): string {
  const id = p.ids.next('f');
  p.defs.push(make(id));
  return `url(#${id})`;
}

/** A mug seen from the side, (x, y) its base centre. */
function mug(x: number, y: number, s: number, color: string): string {
  return g(
    { transform: tf(x, y, s) },
    h('path', {
      d: 'M34 -70 q34 0 34 28 q0 28 -34 28',
      fill: 'none',
      stroke: color,
      'stroke-width': 11,
    }),
    h('path', { d: 'M-40 -86 H40 V-8 Q40 0 32 0 H-32 Q-40 0 -40 -8 Z', fill: color }),
    h('path', { d: 'M14 -86 H40 V-8 Q40 0 32 0 H14 Z', fill: C.purple, opacity: 0.15 }),
    h('ellipse', { cx: 0, cy: -86, rx: 40, ry: 9, fill: C.woodDark }),
    h('path', {
      d: 'M-8 -104 q10 -12 0 -24 M10 -102 q10 -12 0 -24',
      fill: 'none',
      stroke: C.paper,
      'stroke-width': 4,
      opacity: 0.5,
      'stroke-linecap': 'round',
    }),
  );
}

/** A potted plant with long leaves, (x, y) its base centre. */
function plant(x: number, y: number, s: number): string {
  const leaves: [number, number, number][] = [
    [-40, -150, -35],
    [-10, -190, -10],
    [25, -175, 18],
    [45, -130, 40],
    [-55, -110, -55],
    [8, -140, 5],
  ];
  return g(
    { transform: tf(x, y, s) },
    ...leaves.map(([lx, ly, rot], i) =>
      h('ellipse', {
        cx: lx * 0.5,
        cy: ly * 0.5 - 70,
        rx: 16,
        ry: 62,
        fill: i % 2 ? C.seaDark : C.sea,
        transform: `rotate(${rot} ${n(lx * 0.5)} ${n(ly * 0.5 - 70)})`,
      }),
    ),
    h('path', { d: 'M-52 -92 H52 L42 0 H-42 Z', fill: C.terra }),
    h('rect', { x: -58, y: -100, width: 116, height: 18, rx: 4, fill: C.terraDark }),
    h('path', { d: 'M10 -82 H48 L40 0 H10 Z', fill: C.purple, opacity: 0.12 }),
  );
}

/** A staff member, seen over the shoulder, writing an article in Legenda's editor. */
export function staffAtLaptop(): Scene {
  const p = painter(new Ids());
  const deskY = 800;
  const desk = fill(p, (id) =>
    linear(id, [
      [0, C.wood],
      [1, C.woodDark],
    ]),
  );
  const wall = fill(p, (id) =>
    linear(
      id,
      [
        [0, C.sand],
        [1, C.sandLight],
      ],
      { x1: 0, y1: 0, x2: 1, y2: 0 },
    ),
  );
  const sky = fill(p, (id) =>
    linear(id, [
      [0, C.seaLight],
      [1, C.sandLight],
    ]),
  );
  const body = [
    h('rect', { width: W, height: deskY, fill: wall }),
    // Window on the harbour.
    g(
      {},
      h('rect', { x: 1130, y: 90, width: 380, height: 420, fill: sky }),
      crane({ x: 1300, y: 420, s: 0.5 }, C.seaLight),
      crane({ x: 1450, y: 420, s: 0.38 }, C.seaLight, { raised: true }),
      h('rect', { x: 1130, y: 420, width: 380, height: 90, fill: C.seaLight }),
      h('path', {
        d: 'M1130 90 h380 v420 h-380 Z M1320 90 V510',
        fill: 'none',
        stroke: C.paper,
        'stroke-width': 14,
      }),
      h('rect', { x: 1110, y: 506, width: 420, height: 16, fill: C.paper }),
    ),
    // A pinboard with a sheet of codes and a panel's draft.
    g(
      { filter: 'url(#shadowSm)' },
      h('rect', { x: 80, y: 110, width: 380, height: 300, rx: 6, fill: C.clay }),
      g(
        { transform: 'rotate(-4 170 250)' },
        h('rect', { x: 110, y: 140, width: 150, height: 200, fill: C.paper }),
        ...[0, 1, 2, 3].map((i) =>
          qr(`Legenda · ${i + 1}`, 122 + (i % 2) * 66, 156 + Math.floor(i / 2) * 80, 58, {
            quiet: 1,
          }),
        ),
      ),
      g(
        { transform: 'rotate(3 360 260)' },
        h('rect', { x: 290, y: 150, width: 140, height: 190, fill: C.paper }),
        h('rect', { x: 302, y: 162, width: 116, height: 60, fill: C.seaPale }),
        bars(302, 236, 116, 5, { h: 7, gap: 8, seed: 4 }),
      ),
      h('circle', { cx: 185, cy: 146, r: 6, fill: C.terra }),
      h('circle', { cx: 360, cy: 156, r: 6, fill: C.sea }),
    ),
    h('rect', { y: deskY, width: W, height: H - deskY, fill: desk }),
    h('rect', { y: deskY, width: W, height: 8, fill: C.sandDeep }),
    glow(p, 900, 600, 520, '#fff6e6', 0.35),
    floorShadow(900, 880, 430, 20, 0.35),
    laptop(p, {
      x: 900,
      y: 880,
      w: 720,
      screen: (pp, w, hh) => editorScreen(pp, w, hh, (q, pw, ph) => miniPic(q, 'ship', pw, ph)),
    }),
    floorShadow(1330, 905, 70, 10, 0.35),
    mug(1330, 905, 1, C.terra),
    floorShadow(1490, 890, 80, 10, 0.35),
    plant(1490, 890, 1.15),
    person({
      x: 250,
      y: 1800,
      height: 1550,
      skin: SKINS[2],
      hair: HAIRS[1],
      hairStyle: 'bun',
      top: C.purple,
      bottom: C.ink,
      pose: 'stand',
    }),
  ];
  return svgDoc(W, H, p.defs.join(''), body.join(''), { mottle: 0.5 });
}

/** Scissors seen from above, (x, y) the pivot. */
function scissors(x: number, y: number, s: number, rot: number): string {
  return g(
    { transform: tf(x, y, s, rot) },
    h('path', { d: 'M0 0 L200 -18 L200 -6 Z', fill: C.steel }),
    h('path', { d: 'M0 0 L200 10 L198 22 Z', fill: '#b7bcc3' }),
    h('ellipse', {
      cx: -70,
      cy: -30,
      rx: 44,
      ry: 28,
      fill: 'none',
      stroke: C.terra,
      'stroke-width': 16,
    }),
    h('ellipse', {
      cx: -70,
      cy: 34,
      rx: 44,
      ry: 28,
      fill: 'none',
      stroke: C.terra,
      'stroke-width': 16,
    }),
    h('path', {
      d: 'M-30 -20 L10 -2 M-30 24 L10 4',
      stroke: C.terra,
      'stroke-width': 14,
      'stroke-linecap': 'round',
    }),
    h('circle', { cx: 0, cy: 0, r: 8, fill: C.ink }),
  );
}

/** A pencil seen from above, (x, y) its tip. */
function pencil(x: number, y: number, length: number, rot: number): string {
  return g(
    { transform: tf(x, y, 1, rot) },
    h('path', { d: 'M0 0 L40 -11 L40 11 Z', fill: C.sandLight }),
    h('path', { d: 'M0 0 L13 -3.6 L13 3.6 Z', fill: C.ink }),
    h('rect', { x: 40, y: -11, width: length - 70, height: 22, fill: C.sea }),
    h('rect', { x: 40, y: -11, width: length - 70, height: 7, fill: '#ffffff', opacity: 0.2 }),
    h('rect', { x: length - 30, y: -11, width: 12, height: 22, fill: C.steel }),
    h('rect', { x: length - 18, y: -11, width: 18, height: 22, rx: 4, fill: C.terraLight }),
  );
}

/** A printed sheet of sixteen numbered QR codes on a cutting mat, scissors and a cut-out card. */
export function qrSheet(): Scene {
  const p = painter(new Ids());
  const mat = fill(p, (id) =>
    linear(
      id,
      [
        [0, C.sea],
        [1, C.seaDark],
      ],
      { x1: 0, y1: 0, x2: 1, y2: 1 },
    ),
  );
  let grid = '';
  for (let x = 0; x <= W; x += 40) grid += `M${x} 0V${H}`;
  for (let y = 0; y <= H; y += 40) grid += `M0 ${y}H${W}`;
  let major = '';
  for (let x = 0; x <= W; x += 200) major += `M${x} 0V${H}`;
  for (let y = 0; y <= H; y += 200) major += `M0 ${y}H${W}`;
  const sw = 620;
  const sh = sw * 1.414;
  const cell = (sw - 80) / 4;
  const pitch = (sh - 190) / 4;
  const codes: string[] = [];
  for (let i = 0; i < 16; i++) {
    const cx = 40 + (i % 4) * cell;
    const cy = 120 + Math.floor(i / 4) * pitch;
    codes.push(
      qr(`Legenda · panneau ${i + 1}`, cx + cell * 0.12, cy, cell * 0.76, { quiet: 1 }),
      text(cx + cell / 2, cy + cell * 0.76 + 30, String(i + 1), {
        size: 22,
        font: SERIF,
        fill: C.purple,
        'text-anchor': 'middle',
        'font-weight': 700,
      }),
    );
  }
  let cuts = '';
  for (let i = 1; i < 4; i++) {
    cuts += `M${n(40 + i * cell)} 100V${n(120 + 4 * pitch - 10)}`;
    cuts += `M30 ${n(120 + i * pitch - 18)}H${n(sw - 30)}`;
  }
  const card = 200;
  const body = [
    h('rect', { width: W, height: H, fill: mat }),
    h('path', { d: grid, stroke: C.seaLight, 'stroke-width': 1, opacity: 0.35 }),
    h('path', { d: major, stroke: C.seaLight, 'stroke-width': 2, opacity: 0.55 }),
    g(
      {
        transform: `translate(${n(560 - sw / 2)} ${n(540 - sh / 2)}) rotate(-4 ${n(sw / 2)} ${n(sh / 2)})`,
      },
      g({ filter: 'url(#shadow)' }, h('rect', { width: sw, height: sh, fill: C.paper })),
      logo(40, 36, 40),
      bars(94, 44, 220, 1, { h: 12, fill: C.purple, last: 1 }),
      bars(94, 64, 140, 1, { h: 8, last: 1 }),
      ...codes,
      h('path', { d: cuts, stroke: C.barDark, 'stroke-width': 1.5, 'stroke-dasharray': '6 8' }),
    ),
    g(
      { transform: `translate(1080 560) rotate(12)` },
      g({ filter: 'url(#shadow)' }, h('rect', { width: card, height: card * 1.2, fill: C.paper })),
      qr('Legenda · panneau 13', card * 0.12, card * 0.1, card * 0.76, { quiet: 1 }),
      text(card / 2, card * 1.08, '13', {
        size: 30,
        font: SERIF,
        fill: C.purple,
        'text-anchor': 'middle',
        'font-weight': 700,
      }),
    ),
    g({ filter: 'url(#shadow)' }, scissors(1230, 250, 1.25, 150)),
    g({ filter: 'url(#shadow)' }, pencil(1030, 930, 420, -18)),
  ];
  return svgDoc(W, H, p.defs.join(''), body.join(''), { grain: 0.3 });
}
