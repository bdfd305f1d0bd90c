import { C } from '../kit/palette.ts';
import {
  anchor,
  beams,
  buoy,
  crane,
  fender,
  glow,
  lantern,
  lighthouse,
  type Painter,
  painter,
  rope,
  ropeCoil,
  sailboat,
  shipModel,
  trawler,
} from '../kit/objects.ts';
import { labelCard } from '../kit/panels.ts';
import { floorShadow, spot, wallAndFloor } from '../kit/room.ts';
import { g, h, Ids, linear, n, poly, radial, rng, type Scene, svgDoc } from '../kit/svg.ts';

const W = 1600;
const H = 1067;

function fill(p: Painter, make: (id: string) => string): string {
  const id = p.ids.next('f');
  p.defs.push(make(id));
  return `url(#${id})`;
}

/** A mirrored copy of `content` below the waterline, broken into ripples. */
function reflection(p: Painter, content: string, waterY: number, opacity: number): string {
  const pat = p.ids.next('rip');
  const mask = p.ids.next('mask');
  p.defs.push(
    h(
      'pattern',
      { id: pat, width: 40, height: 9, patternUnits: 'userSpaceOnUse' },
      h('rect', { width: 40, height: 6, fill: '#ffffff' }),
      h('rect', { x: 12, y: 6, width: 28, height: 3, fill: '#ffffff', opacity: 0.4 }),
    ),
    h(
      'mask',
      { id: mask },
      h('rect', { y: waterY, width: W, height: H - waterY, fill: `url(#${pat})` }),
    ),
  );
  return g(
    { mask: `url(#${mask})`, opacity },
    g({ transform: `translate(0 ${n(waterY * 2)}) scale(1 -1)` }, content),
  );
}

/** Short horizontal glints on water, seeded. */
function glints(
  x: number,
  y: number,
  w: number,
  hh: number,
  count: number,
  seed: number,
  color: string,
  opacity: number,
): string {
  const r = rng(seed);
  let d = '';
  for (let i = 0; i < count; i++) {
    const yy = y + r() * r() * hh;
    const len = 10 + r() * 60 * (0.4 + (yy - y) / hh);
    const xx = x + r() * w;
    d += `M${n(xx)} ${n(yy)}h${n(len)}`;
  }
  return h('path', { d, stroke: color, 'stroke-width': 2.2, 'stroke-linecap': 'round', opacity });
}

/** An old town's waterfront: houses, a church tower and a round harbour tower. */
function skyline(x: number, base: number, s: number, color: string): string {
  const houses: [number, number, number, 'gable' | 'flat' | 'hip'][] = [
    [0, 60, 120, 'gable'],
    [60, 50, 150, 'hip'],
    [110, 70, 110, 'gable'],
    [180, 45, 135, 'flat'],
    [225, 60, 160, 'gable'],
    [285, 55, 125, 'hip'],
    [340, 75, 140, 'gable'],
  ];
  const parts = houses.map(([hx, w, hh, roof]) => {
    const top = -hh;
    const roofPath =
      roof === 'gable'
        ? `L${hx + w / 2} ${top - 30}`
        : roof === 'hip'
          ? `L${hx + 10} ${top - 18} L${hx + w - 10} ${top - 18}`
          : '';
    return h('path', { d: `M${hx} 0 V${top} ${roofPath} L${hx + w} ${top} V0 Z`, fill: color });
  });
  parts.push(
    // Church tower with its spire.
    h('path', { d: 'M150 0 V-230 L172 -300 L194 -230 V0 Z', fill: color }),
    // Round tower with battlements.
    h('path', {
      d: 'M420 0 V-200 h10 v-12 h12 v12 h12 v-12 h12 v12 h12 v-12 h12 v12 h10 V0 Z',
      fill: color,
    }),
    h('rect', { x: -40, y: -12, width: 560, height: 12, fill: color }),
  );
  return g({ transform: `translate(${n(x)} ${n(base)}) scale(${s})` }, ...parts);
}

/** The harbour at dusk: cranes, the old town, moored boats and their reflections. */
export function harbour(): Scene {
  const p = painter(new Ids());
  const horizon = 640;
  const sky = fill(p, (id) =>
    linear(id, [
      [0, C.purple],
      [0.35, C.mauve],
      [0.62, '#c77d8d'],
      [0.82, C.terraLight],
      [1, '#f3d3b0'],
    ]),
  );
  const water = fill(p, (id) =>
    linear(id, [
      [0, '#d99a86'],
      [0.25, C.mauve],
      [1, C.seaDark],
    ]),
  );
  const above = [
    skyline(60, horizon, 1.05, '#8b5577'),
    skyline(-120, horizon, 0.7, '#a86a80'),
    crane({ x: 1180, y: horizon, s: 1.05 }, C.plum),
    crane({ x: 1440, y: horizon, s: 0.85 }, C.plum, { raised: true }),
    crane({ x: 980, y: horizon, s: 0.6 }, '#7b4a72'),
    h('rect', { x: 700, y: horizon - 14, width: 900, height: 14, fill: C.plum }),
    sailboat(
      { x: 260, y: horizon + 70, s: 0.9 },
      { hull: C.purple, deck: C.plum, sail: C.mauve },
      { furled: true },
    ),
    sailboat(
      { x: 430, y: horizon + 96, s: 1.1 },
      { hull: C.plum, deck: C.purple, sail: C.mauve },
      { furled: true },
    ),
    sailboat(
      { x: 560, y: horizon + 60, s: 0.75 },
      { hull: C.purple, deck: C.mauve, sail: C.mauve },
      { furled: true },
    ),
    trawler(
      { x: 1000, y: horizon + 120, s: 1.2 },
      { hull: C.purple, house: C.plum },
      { flip: true },
    ),
  ].join('');
  const clouds = [
    [180, 190, 360, 26],
    [300, 225, 240, 18],
    [1050, 140, 420, 28],
    [1200, 180, 260, 18],
    [700, 320, 300, 16],
  ]
    .map(([x, y, w, hh]) =>
      h('rect', { x, y, width: w, height: hh, rx: (hh ?? 0) / 2, fill: C.rose, opacity: 0.28 }),
    )
    .join('');
  const body = [
    h('rect', { width: W, height: horizon, fill: sky }),
    clouds,
    glow(p, 720, 600, 440, '#ffe2b0', 0.75),
    h('circle', { cx: 720, cy: 612, r: 66, fill: '#fbe3bd' }),
    h('rect', { y: horizon, width: W, height: H - horizon, fill: water }),
    glints(600, horizon + 8, 260, 420, 90, 3, '#fbe3bd', 0.55),
    reflection(p, above, horizon + 4, 0.28),
    above,
    glints(0, horizon + 140, W, 300, 60, 9, C.seaLight, 0.35),
    h('rect', { x: 700, y: horizon, width: 900, height: 6, fill: C.purple, opacity: 0.4 }),
    ...[
      [300, 742],
      [520, 780],
      [1120, 700],
    ].map(([x, y]) => h('circle', { cx: x, cy: y, r: 3, fill: '#ffe7b8' })),
  ];
  return svgDoc(W, H, p.defs.join(''), body.join(''), { grain: 0.3 });
}

/** A ship model in a glass case on a plinth, lit from above, with its label. */
export function shipCase(): Scene {
  const p = painter(new Ids());
  const floorY = 900;
  const glass = fill(p, (id) =>
    linear(
      id,
      [
        [0, '#ffffff', 0.16],
        [0.5, '#ffffff', 0.05],
        [1, '#ffffff', 0.12],
      ],
      { x2: 1, y2: 0 },
    ),
  );
  const plinth = fill(p, (id) =>
    linear(
      id,
      [
        [0, C.sandLight],
        [1, C.sandDark],
      ],
      { x2: 1, y2: 0 },
    ),
  );
  const cx = 800;
  const body = [
    wallAndFloor(p, { w: W, h: H, floorY, wall: C.plum, wallTop: C.purple, floor: C.woodDark }),
    h('path', {
      d: `M${cx - 120} 0 L${cx + 120} 0 L${cx + 420} ${floorY} L${cx - 420} ${floorY} Z`,
      fill: '#fff2da',
      opacity: 0.07,
    }),
    spot(p, cx, 420, 460, 420, 0.35),
    floorShadow(cx, floorY + 30, 330, 36, 0.45),
    h('rect', { x: cx - 300, y: 600, width: 600, height: floorY - 600 + 20, fill: plinth }),
    h('rect', { x: cx - 310, y: 590, width: 620, height: 22, fill: C.sandLight }),
    h('rect', { x: cx - 300, y: 612, width: 600, height: 10, fill: C.purple, opacity: 0.12 }),
    h('rect', { x: cx - 280, y: 250, width: 560, height: 340, fill: C.seaPale, opacity: 0.1 }),
    h('ellipse', { cx, cy: 575, rx: 200, ry: 14, fill: C.purple, opacity: 0.3 }),
    shipModel(p, { x: cx - 10, y: 505, s: 1.35 }),
    h('rect', { x: cx - 280, y: 250, width: 560, height: 340, fill: glass }),
    h('path', {
      d: `M${cx - 280} 250 h560 v340 h-560 Z M${cx - 280} 250 l30 -22 h500 l30 22`,
      fill: 'none',
      stroke: '#ffffff',
      'stroke-opacity': 0.45,
      'stroke-width': 3,
    }),
    h('path', { d: `M${cx - 250} 228 h500 l30 22 h-560 Z`, fill: '#ffffff', opacity: 0.1 }),
    poly(
      [
        [cx - 200, 250],
        [cx - 140, 250],
        [cx - 250, 590],
        [cx - 280, 590],
        [cx - 280, 520],
      ],
      { fill: '#ffffff', opacity: 0.1 },
    ),
    poly(
      [
        [cx + 160, 250],
        [cx + 185, 250],
        [cx + 80, 590],
        [cx + 55, 590],
      ],
      { fill: '#ffffff', opacity: 0.08 },
    ),
    labelCard(p, { x: cx + 340, y: 470, w: 230, tag: 'FR · EN', seed: 14, accent: C.terra }),
  ];
  return svgDoc(W, H, p.defs.join(''), body.join(''), { grain: 0.3 });
}

/** Coastline drawn like an engraving: widening soft strokes behind the land. */
function engravedLand(d: string, land: string, line: string): string {
  return g(
    {},
    h('path', {
      d,
      fill: 'none',
      stroke: line,
      'stroke-width': 56,
      opacity: 0.08,
      'stroke-linejoin': 'round',
    }),
    h('path', {
      d,
      fill: 'none',
      stroke: line,
      'stroke-width': 32,
      opacity: 0.1,
      'stroke-linejoin': 'round',
    }),
    h('path', {
      d,
      fill: 'none',
      stroke: line,
      'stroke-width': 14,
      opacity: 0.14,
      'stroke-linejoin': 'round',
    }),
    h('path', { d, fill: land, stroke: line, 'stroke-width': 3, 'stroke-linejoin': 'round' }),
  );
}

/** A compass rose: eight points in two colours. */
function compassRose(x: number, y: number, r: number): string {
  const pts: string[] = [];
  for (let i = 0; i < 8; i++) {
    const a = (i * Math.PI) / 4 - Math.PI / 2;
    const len = i % 2 ? r * 0.62 : r;
    const w = r * 0.14;
    const tip: [number, number] = [x + Math.cos(a) * len, y + Math.sin(a) * len];
    const left: [number, number] = [
      x + Math.cos(a - Math.PI / 2) * w,
      y + Math.sin(a - Math.PI / 2) * w,
    ];
    const right: [number, number] = [
      x + Math.cos(a + Math.PI / 2) * w,
      y + Math.sin(a + Math.PI / 2) * w,
    ];
    const fillA = i % 2 ? C.terra : C.purple;
    pts.push(
      poly([[x, y], left, tip], { fill: fillA }),
      poly([[x, y], tip, right], { fill: i % 2 ? C.terraLight : C.mauve }),
    );
  }
  return g(
    {},
    h('circle', { cx: x, cy: y, r: r * 0.78, fill: 'none', stroke: C.purple, 'stroke-width': 2 }),
    h('circle', {
      cx: x,
      cy: y,
      r: r * 0.72,
      fill: 'none',
      stroke: C.purple,
      'stroke-width': 1,
      'stroke-dasharray': '3 5',
    }),
    ...pts,
    h('circle', {
      cx: x,
      cy: y,
      r: r * 0.06,
      fill: C.sandLight,
      stroke: C.purple,
      'stroke-width': 2,
    }),
    h('path', {
      d: `M${n(x - 9)} ${n(y - r - 14)} v-26 l18 26 v-26`,
      fill: 'none',
      stroke: C.purple,
      'stroke-width': 3.5,
      'stroke-linejoin': 'round',
    }),
  );
}

/** A star-shaped citadel of the kind that guards old ports. */
function citadel(x: number, y: number, r: number): string {
  const pts: [number, number][] = [];
  for (let i = 0; i < 10; i++) {
    const a = (i * Math.PI) / 5 - Math.PI / 2;
    const rr = i % 2 ? r * 0.62 : r;
    pts.push([x + Math.cos(a) * rr, y + Math.sin(a) * rr]);
  }
  return g(
    {},
    poly(pts, { fill: C.sandDark, stroke: C.purple, 'stroke-width': 2.5 }),
    h('rect', {
      x: x - r * 0.3,
      y: y - r * 0.22,
      width: r * 0.6,
      height: r * 0.44,
      fill: C.terra,
      opacity: 0.8,
    }),
  );
}

/** A small mountain as old charts draw them: a peak, its shaded side and hatching. */
function mountain(x: number, y: number, k: number): string {
  return g(
    { transform: `translate(${n(x)} ${n(y)}) scale(${k})` },
    h('path', { d: 'M-40 0 L-6 -46 L34 0 Z', fill: C.sandDark }),
    h('path', { d: 'M-6 -46 L34 0 L6 0 Z', fill: C.purple, opacity: 0.18 }),
    h('path', {
      d: 'M-40 0 L-6 -46 L34 0',
      fill: 'none',
      stroke: C.purple,
      'stroke-width': 2,
      'stroke-linejoin': 'round',
    }),
    h('path', {
      d: 'M8 -26 l10 10 M14 -18 l10 10 M2 -34 l8 8',
      stroke: C.purple,
      'stroke-width': 1.4,
      opacity: 0.6,
    }),
  );
}

/** An old chart of a port: coast, harbour, citadel, town, compass rose, rhumb lines, a ship. */
export function oldMap(): Scene {
  const p = painter(new Ids());
  const r = rng(31);
  const paper = fill(p, (id) =>
    radial(
      id,
      [
        [0, '#f4ead8'],
        [0.7, C.sand],
        [1, C.sandDeep],
      ],
      { r: 0.75 },
    ),
  );
  const coast =
    'M-40 -40 H1640 V700 Q1500 690 1380 600 Q1290 540 1200 560 Q1120 575 1080 520 Q1060 470 1000 470 Q940 472 930 430 L930 300 Q900 262 860 300 L860 420 Q840 470 760 460 Q660 450 600 410 Q520 360 420 380 Q300 400 200 350 Q100 300 -40 330 Z';
  const blocks: string[] = [];
  for (let i = 0; i < 26; i++) {
    const bx = 980 + (i % 6) * 46 + r() * 8;
    const by = 240 + Math.floor(i / 6) * 44 + r() * 8;
    blocks.push(
      h('rect', { x: bx, y: by, width: 34 + r() * 8, height: 30, fill: C.terra, opacity: 0.55 }),
    );
  }
  for (let i = 0; i < 14; i++) {
    const bx = 640 + (i % 4) * 46 + r() * 8;
    const by = 250 + Math.floor(i / 4) * 42 + r() * 6;
    blocks.push(h('rect', { x: bx, y: by, width: 32, height: 28, fill: C.terra, opacity: 0.5 }));
  }
  const rose = { x: 420, y: 770 };
  let rhumbs = '';
  for (let i = 0; i < 16; i++) {
    const a = (i * Math.PI) / 8;
    rhumbs += `M${rose.x} ${rose.y}L${n(rose.x + Math.cos(a) * 1800)} ${n(rose.y + Math.sin(a) * 1800)}`;
  }
  const soundings = Array.from({ length: 40 }, () =>
    h('circle', {
      cx: 80 + r() * 1300,
      cy: 560 + r() * 460,
      r: 2.2,
      fill: C.purple,
      opacity: 0.35,
    }),
  );
  const body = [
    h('rect', { width: W, height: H, fill: paper }),
    h('rect', { width: W, height: H, fill: C.seaLight, opacity: 0.3 }),
    h('path', { d: rhumbs, stroke: C.purple, 'stroke-width': 1, opacity: 0.22 }),
    ...soundings,
    engravedLand(coast, '#eadcc3', C.purple),
    // Fields and hills inland.
    ...[
      [110, 150, 1],
      [190, 130, 1.3],
      [280, 160, 0.9],
      [1350, 190, 1.2],
      [1440, 230, 1],
      [1500, 160, 0.8],
      [400, 130, 0.8],
    ].map(([x, y, k]) => mountain(x ?? 0, y ?? 0, k ?? 1)),
    ...blocks,
    h('path', { d: 'M930 300 L930 430 M860 300 L860 420', stroke: C.purple, 'stroke-width': 6 }),
    h('path', {
      d: 'M760 470 Q800 520 850 540 M1000 480 Q980 520 930 545',
      fill: 'none',
      stroke: C.purple,
      'stroke-width': 7,
      'stroke-linecap': 'round',
    }),
    citadel(1150, 600, 58),
    h('circle', {
      cx: 712,
      cy: 470,
      r: 16,
      fill: C.sandDark,
      stroke: C.purple,
      'stroke-width': 2.5,
    }),
    compassRose(rose.x, rose.y, 150),
    sailboat({ x: 830, y: 800, s: 0.75 }, { hull: C.woodDark, sail: '#f4ead8' }),
    h('path', {
      d: 'M760 812 q20 -8 40 0 t40 0 t40 0',
      fill: 'none',
      stroke: C.purple,
      'stroke-width': 2,
      opacity: 0.5,
    }),
    // Cartouche with its lines of writing as bars.
    g(
      {},
      h('rect', {
        x: 1130,
        y: 830,
        width: 390,
        height: 170,
        rx: 8,
        fill: '#f4ead8',
        stroke: C.purple,
        'stroke-width': 3,
      }),
      h('rect', {
        x: 1142,
        y: 842,
        width: 366,
        height: 146,
        rx: 4,
        fill: 'none',
        stroke: C.purple,
        'stroke-width': 1.2,
      }),
      h('rect', { x: 1190, y: 870, width: 270, height: 16, rx: 8, fill: C.purple, opacity: 0.75 }),
      h('rect', { x: 1220, y: 902, width: 210, height: 10, rx: 5, fill: C.purple, opacity: 0.35 }),
      h('rect', { x: 1240, y: 924, width: 170, height: 10, rx: 5, fill: C.purple, opacity: 0.35 }),
      ...[0, 1, 2, 3, 4].map((i) =>
        h('rect', {
          x: 1205 + i * 48,
          y: 954,
          width: 48,
          height: 10,
          fill: i % 2 ? '#f4ead8' : C.purple,
          stroke: C.purple,
          'stroke-width': 1.5,
        }),
      ),
    ),
    h('rect', {
      x: 24,
      y: 24,
      width: W - 48,
      height: H - 48,
      fill: 'none',
      stroke: C.purple,
      'stroke-width': 4,
    }),
    h('rect', {
      x: 36,
      y: 36,
      width: W - 72,
      height: H - 72,
      fill: 'none',
      stroke: C.purple,
      'stroke-width': 1.5,
    }),
  ];
  return svgDoc(W, H, p.defs.join(''), body.join(''), { mottle: 0.9, grain: 0.35 });
}

/** A lighthouse on its rocks at nightfall, beams out over the sea. */
export function lighthouseScene(): Scene {
  const p = painter(new Ids());
  const horizon = 700;
  const r = rng(5);
  const sky = fill(p, (id) =>
    linear(id, [
      [0, '#22102a'],
      [0.5, C.purple],
      [0.85, C.mauve],
      [1, '#b07a8f'],
    ]),
  );
  const sea = fill(p, (id) =>
    linear(id, [
      [0, C.sea],
      [1, C.seaDark],
    ]),
  );
  const stars = Array.from({ length: 70 }, () =>
    h('circle', {
      cx: r() * W,
      cy: r() * horizon * 0.7,
      r: 0.8 + r() * 1.8,
      fill: '#fff5e0',
      opacity: 0.4 + r() * 0.5,
    }),
  );
  const waves: string[] = [];
  for (let row = 0; row < 9; row++) {
    const y = horizon + 30 + row * row * 6 + row * 14;
    const amp = 3 + row * 1.4;
    const len = 40 + row * 14;
    let d = `M${n(-r() * len)} ${y}`;
    for (let x = 0; x < W + len * 2; x += len)
      d += ` q${n(len / 4)} ${n(-amp)} ${n(len / 2)} 0 t${n(len / 2)} 0`;
    waves.push(
      h('path', {
        d,
        fill: 'none',
        stroke: C.seaLight,
        'stroke-width': 1.5 + row * 0.3,
        opacity: 0.25 + row * 0.03,
      }),
    );
  }
  const moon = p.ids.next('moon');
  p.defs.push(
    h(
      'mask',
      { id: moon },
      h('rect', { width: W, height: H, fill: '#ffffff' }),
      h('circle', { cx: 320, cy: 186, r: 42, fill: '#000000' }),
    ),
  );
  const lx = 1080;
  const ly = 720;
  const ls = 2.2;
  const lampY = ly + (-220 - 29) * ls;
  const body = [
    h('rect', { width: W, height: horizon, fill: sky }),
    ...stars,
    h('circle', { cx: 300, cy: 200, r: 46, fill: '#fbefd8', mask: `url(#${moon})` }),
    h('rect', { y: horizon, width: W, height: H - horizon, fill: sea }),
    ...waves,
    trawler({ x: 330, y: horizon + 16, s: 0.32 }, { hull: C.purple, house: C.plum }),
    h('circle', { cx: 345, cy: horizon - 5, r: 2.5, fill: '#ffe7b8' }),
    beams(p, lx, lampY, 1200, 260, 40),
    glow(p, lx, lampY, 220, '#ffe2a8', 0.8),
    // Rocks.
    h('path', {
      d: 'M820 1067 L860 820 L930 770 L1010 720 L1170 712 L1260 760 L1330 800 L1420 880 L1520 930 L1600 920 V1067 Z',
      fill: C.plum,
    }),
    h('path', {
      d: 'M1010 720 L1170 712 L1260 760 L1180 790 L1080 770 Z M860 820 L930 770 L960 860 Z',
      fill: C.mauve,
      opacity: 0.6,
    }),
    h('path', { d: 'M700 1067 L760 960 L840 930 L900 1000 L980 1067 Z', fill: C.purple }),
    h('path', {
      d: 'M820 1067 L860 820 M930 770 L960 860 L1060 880 M1260 760 L1250 900',
      stroke: C.purple,
      'stroke-width': 3,
      fill: 'none',
      opacity: 0.5,
    }),
    lighthouse(p, { x: lx, y: ly, s: ls }, { lit: true }),
    h('path', {
      d: 'M760 960 q30 -14 60 0 t60 0 M1420 880 q30 -14 60 0 t60 0',
      fill: 'none',
      stroke: C.off,
      'stroke-width': 3,
      opacity: 0.5,
    }),
  ];
  return svgDoc(W, H, p.defs.join(''), body.join(''), { grain: 0.35 });
}

/** A mesh of diamonds, clipped to a drape's outline. */
function net(p: Painter, outline: string, color: string, cell = 36): string {
  const pat = p.ids.next('mesh');
  const clip = p.ids.next('clip');
  p.defs.push(
    h(
      'pattern',
      {
        id: pat,
        width: cell,
        height: cell,
        patternUnits: 'userSpaceOnUse',
        patternTransform: 'rotate(45)',
      },
      h('path', { d: `M0 0 H${cell} M0 0 V${cell}`, stroke: color, 'stroke-width': 2.4 }),
      h('circle', { cx: 0, cy: 0, r: 2.6, fill: color }),
    ),
    h('clipPath', { id: clip }, h('path', { d: outline })),
  );
  return g(
    {},
    h('path', { d: outline, fill: C.seaDark, opacity: 0.28 }),
    g(
      { 'clip-path': `url(#${clip})` },
      g({ filter: 'url(#sag)' }, h('rect', { width: W, height: H, fill: `url(#${pat})` })),
    ),
  );
}

/** Nets drying on a painted shed wall, floats and fenders on ropes, a crate and a coil. */
export function netsAndBuoys(): Scene {
  const p = painter(new Ids());
  const r = rng(17);
  const groundY = 880;
  const planks: string[] = [];
  for (let x = 0; x < W; x += 80) {
    const tone = [C.sea, '#356685', '#2b5573'][Math.floor(r() * 3)] ?? C.sea;
    planks.push(h('rect', { x, width: 80, height: groundY, fill: tone }));
    planks.push(h('rect', { x, width: 3, height: groundY, fill: C.seaDark, opacity: 0.7 }));
  }
  p.defs.push(
    h(
      'filter',
      { id: 'sag', x: 0, y: 0, width: '100%', height: '100%' },
      h('feTurbulence', {
        type: 'fractalNoise',
        baseFrequency: '0.004 0.01',
        numOctaves: 1,
        seed: 3,
        result: 'n',
      }),
      h('feDisplacementMap', {
        in: 'SourceGraphic',
        in2: 'n',
        scale: 48,
        xChannelSelector: 'R',
        yChannelSelector: 'G',
      }),
    ),
  );
  const drape =
    'M40 120 Q420 190 800 120 L820 560 Q700 640 620 520 Q520 700 400 560 Q300 720 200 600 Q120 660 60 560 Z';
  const drape2 =
    'M860 150 Q1180 210 1520 150 L1480 420 Q1400 520 1300 430 Q1200 560 1080 440 Q980 520 900 420 Z';
  const floats = (x1: number, x2: number, yTop: number, sag: number) => {
    const out: string[] = [];
    for (let i = 0; i <= 8; i++) {
      const t = i / 8;
      const x = x1 + (x2 - x1) * t;
      const y = yTop + sag * 4 * t * (1 - t);
      out.push(h('ellipse', { cx: x, cy: y, rx: 16, ry: 11, fill: C.terra }));
    }
    return out.join('');
  };
  const stones: string[] = [];
  for (let i = 0; i < 14; i++) {
    stones.push(
      h('rect', {
        x: i * 120 - r() * 40,
        y: groundY + 8,
        width: 112,
        height: 70,
        rx: 8,
        fill: i % 2 ? C.sandDark : C.sand,
      }),
    );
    stones.push(
      h('rect', {
        x: i * 120 + 40 - r() * 40,
        y: groundY + 86,
        width: 112,
        height: 90,
        rx: 8,
        fill: i % 2 ? C.sand : C.sandDark,
      }),
    );
  }
  const body = [
    ...planks,
    h('rect', { y: 0, width: W, height: 70, fill: C.seaDark, opacity: 0.4 }),
    ...[60, 800, 880, 1500].map((x) => h('circle', { cx: x, cy: 122, r: 7, fill: C.ink })),
    net(p, drape, C.sandLight),
    rope(40, 120, 800, 120, 70, 5),
    floats(60, 780, 122, 62),
    net(p, drape2, C.terraLight, 30),
    rope(860, 150, 1520, 150, 60, 5),
    rope(560, 470, 560, 610, 0, 4),
    rope(1180, 420, 1180, 560, 0, 4),
    rope(1330, 380, 1330, 640, 0, 4),
    rope(1440, 400, 1440, 540, 0, 4),
    buoy(p, { x: 560, y: 660, s: 1.1 }, C.terra, C.off),
    buoy(p, { x: 1180, y: 610, s: 1 }, C.off, C.terra),
    fender(p, { x: 1330, y: 700, s: 1.1 }, C.sandLight),
    buoy(p, { x: 1440, y: 590, s: 0.9 }, C.purple, C.sand),
    h('rect', { y: groundY - 8, width: W, height: 16, fill: C.ink, opacity: 0.35 }),
    h('rect', { y: groundY, width: W, height: H - groundY, fill: C.sandDeep }),
    ...stones,
    floorShadow(300, 960, 220, 24, 0.35),
    // A wooden crate with a coil of rope on it.
    g(
      {},
      h('rect', { x: 120, y: 760, width: 360, height: 200, fill: C.wood }),
      ...[0, 1, 2].map((i) =>
        h('rect', {
          x: 120,
          y: 760 + i * 68,
          width: 360,
          height: 6,
          fill: C.woodDark,
          opacity: 0.6,
        }),
      ),
      h('rect', { x: 120, y: 760, width: 16, height: 200, fill: C.woodDark }),
      h('rect', { x: 464, y: 760, width: 16, height: 200, fill: C.woodDark }),
    ),
    ropeCoil({ x: 300, y: 752, s: 1.6 }),
    floorShadow(980, 975, 130, 18, 0.35),
    buoy(p, { x: 980, y: 930, s: 1.05 }, C.terra, C.sandLight),
    buoy(p, { x: 1080, y: 952, s: 0.7, rot: 20 }, C.sea, C.off),
  ];
  return svgDoc(W, H, p.defs.join(''), body.join(''), { grain: 0.2 });
}

/** A great anchor in an arched niche, a coil of rope at its foot, its label beside it. */
export function anchorScene(): Scene {
  const p = painter(new Ids());
  const floorY = 900;
  const niche = fill(p, (id) =>
    linear(id, [
      [0, C.sandDeep],
      [1, C.sandDark],
    ]),
  );
  const cx = 700;
  const body = [
    wallAndFloor(p, { w: W, h: H, floorY, wall: C.sand, wallTop: C.sandDark }),
    h('path', {
      d: `M${cx - 290} ${floorY - 14} V330 A290 290 0 0 1 ${cx + 290} 330 V${floorY - 14} Z`,
      fill: niche,
    }),
    h('path', {
      d: `M${cx - 290} ${floorY - 14} V330 A290 290 0 0 1 ${cx + 290} 330 V${floorY - 14}`,
      fill: 'none',
      stroke: C.sandLight,
      'stroke-width': 18,
    }),
    spot(p, cx, 380, 300, 420, 0.5),
    floorShadow(cx, floorY + 40, 240, 26, 0.3),
    g({ filter: 'url(#shadow)' }, anchor(p, { x: cx, y: 540, s: 2.7 }, C.seaDark)),
    rope(cx + 8, 540 - 100 * 2.7, cx + 150, 620, 80, 9),
    rope(cx + 150, 620, cx + 150, floorY + 20, 30, 9),
    ropeCoil({ x: cx + 190, y: floorY + 44, s: 1.3 }),
    labelCard(p, { x: 1120, y: 460, w: 300, tag: 'FR · EN', seed: 22, accent: C.sea }),
  ];
  return svgDoc(W, H, p.defs.join(''), body.join(''), { mottle: 0.6 });
}

/** A fisherman's storm lantern, lit on a table at night, a window on the harbour behind. */
export function lanternScene(): Scene {
  const p = painter(new Ids());
  const tableY = 780;
  const table = fill(p, (id) =>
    linear(id, [
      [0, C.wood],
      [1, C.woodDark],
    ]),
  );
  const night = fill(p, (id) =>
    linear(id, [
      [0, C.seaDark],
      [1, C.sea],
    ]),
  );
  const lx = 640;
  const body = [
    h('rect', { width: W, height: tableY, fill: C.purple }),
    // Window with the night harbour.
    g(
      {},
      h('rect', { x: 1000, y: 110, width: 440, height: 520, fill: night }),
      h('circle', { cx: 1320, cy: 220, r: 34, fill: '#fbefd8' }),
      h('rect', { x: 1000, y: 470, width: 440, height: 160, fill: C.seaDark }),
      crane({ x: 1130, y: 470, s: 0.42 }, C.purple),
      h('path', {
        d: 'M1040 520 h60 M1200 560 h80 M1100 600 h50',
        stroke: '#ffe2a8',
        'stroke-width': 2,
        opacity: 0.5,
      }),
      h('path', {
        d: 'M1000 110 h440 v520 h-440 Z M1220 110 V630 M1000 370 H1440',
        fill: 'none',
        stroke: C.plum,
        'stroke-width': 16,
      }),
      h('rect', { x: 980, y: 630, width: 480, height: 20, fill: C.plum }),
    ),
    glow(p, lx, 560, 620, '#ffcf8a', 0.55),
    h('rect', { y: tableY, width: W, height: H - tableY, fill: table }),
    h('rect', { y: tableY, width: W, height: 10, fill: C.sandDeep, opacity: 0.6 }),
    h('path', {
      d: `M0 ${tableY + 80} H${W} M0 ${tableY + 190} H${W}`,
      stroke: C.ink,
      'stroke-width': 3,
      opacity: 0.25,
    }),
    h('ellipse', {
      cx: lx,
      cy: tableY + 120,
      rx: 420,
      ry: 90,
      fill: '#ffcf8a',
      opacity: 0.18,
      filter: 'url(#blur24)',
    }),
    floorShadow(lx + 30, tableY + 112, 150, 18, 0.45),
    lantern(p, { x: lx, y: tableY + 110, s: 2.5 }),
    ropeCoil({ x: 1120, y: tableY + 120, s: 1.7 }),
    // A closed logbook.
    g(
      {},
      floorShadow(260, tableY + 160, 170, 16, 0.4),
      h('path', {
        d: `M90 ${tableY + 120} L400 ${tableY + 100} L440 ${tableY + 150} L120 ${tableY + 175} Z`,
        fill: C.sea,
      }),
      h('path', {
        d: `M120 ${tableY + 175} L440 ${tableY + 150} L440 ${tableY + 162} L120 ${tableY + 188} Z`,
        fill: C.sandLight,
      }),
      h('path', {
        d: `M90 ${tableY + 120} L120 ${tableY + 175} L120 ${tableY + 188} L90 ${tableY + 132} Z`,
        fill: C.seaDark,
      }),
    ),
  ];
  return svgDoc(W, H, p.defs.join(''), body.join(''), { grain: 0.35 });
}
