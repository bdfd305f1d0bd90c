import { articleScreen, phone } from '../kit/devices.ts';
import { C, HAIRS, SKINS } from '../kit/palette.ts';
import { type Painter, painter } from '../kit/objects.ts';
import { labelCard, miniPic, panel, type PicKind } from '../kit/panels.ts';
import { person } from '../kit/people.ts';
import { floorShadow, spot, wallAndFloor } from '../kit/room.ts';
import { g, h, Ids, linear, n, poly, radial, type Scene, svgDoc } from '../kit/svg.ts';
import { languageBubbles } from './museum.ts';
import { boulesScene } from './petanque.ts';

const W = 1200;
const H = 630;

function backdrop(
  p: Painter,
  stops: readonly (readonly [number, string])[],
  diagonal = true,
): string {
  const id = p.ids.next('bg');
  p.defs.push(linear(id, stops, diagonal ? { x1: 0, y1: 0, x2: 1, y2: 1 } : {}));
  return h('rect', { width: W, height: H, fill: `url(#${id})` });
}

/** Paraguay's outline (longitude, latitude), simplified, and the Paraguay river. */
const PARAGUAY: readonly (readonly [number, number])[] = [
  [-62.65, -22.25],
  [-62.25, -21.05],
  [-61.75, -20.55],
  [-61.73, -19.63],
  [-60.0, -19.3],
  [-59.1, -19.3],
  [-58.15, -19.83],
  [-58.15, -20.17],
  [-57.85, -20.7],
  [-57.95, -21.3],
  [-57.85, -22.1],
  [-57.3, -22.2],
  [-56.8, -22.25],
  [-56.4, -22.1],
  [-55.85, -22.3],
  [-55.6, -22.65],
  [-55.5, -23.6],
  [-55.4, -24.0],
  [-54.95, -24.0],
  [-54.3, -24.05],
  [-54.45, -25.2],
  [-54.6, -25.6],
  [-54.65, -26.2],
  [-55.3, -27.0],
  [-55.9, -27.35],
  [-56.8, -27.45],
  [-57.6, -27.4],
  [-58.6, -27.3],
  [-58.2, -26.8],
  [-58.1, -26.2],
  [-57.7, -25.6],
  [-57.6, -25.3],
  [-58.4, -24.9],
  [-59.4, -24.3],
  [-60.3, -23.9],
  [-61.0, -23.4],
  [-61.9, -22.7],
];
const PARAGUAY_RIVER: readonly (readonly [number, number])[] = [
  [-58.15, -20.17],
  [-57.85, -20.7],
  [-57.95, -21.3],
  [-57.85, -22.1],
  [-57.43, -23.4],
  [-57.5, -24.4],
  [-57.6, -25.3],
  [-57.7, -25.6],
  [-58.1, -26.2],
  [-58.2, -26.8],
  [-58.6, -27.3],
];

/** A lace rosette (ñandutí): spokes and rings of small scallops. */
function nanduti(x: number, y: number, r: number, color: string, opacity: number): string {
  let d = '';
  for (let i = 0; i < 24; i++) {
    const a = (i * Math.PI) / 12;
    d += `M${n(x)} ${n(y)}L${n(x + Math.cos(a) * r)} ${n(y + Math.sin(a) * r)}`;
  }
  for (const k of [0.35, 0.6, 0.85]) {
    for (let i = 0; i < 24; i++) {
      const a0 = (i * Math.PI) / 12;
      const a1 = ((i + 1) * Math.PI) / 12;
      const am = (a0 + a1) / 2;
      d += `M${n(x + Math.cos(a0) * r * k)} ${n(y + Math.sin(a0) * r * k)}Q${n(x + Math.cos(am) * r * (k + 0.1))} ${n(y + Math.sin(am) * r * (k + 0.1))} ${n(x + Math.cos(a1) * r * k)} ${n(y + Math.sin(a1) * r * k)}`;
    }
  }
  return h('path', { d, fill: 'none', stroke: color, 'stroke-width': 2, opacity });
}

/** Guaraní: a label card beside a stylised map of Paraguay, in warm colours. */
function guarani(): Scene {
  const p = painter(new Ids());
  const k = 50;
  const at = ([lon, lat]: readonly [number, number]): [number, number] => [
    150 + (lon + 62.65) * k,
    95 + (-19.25 - lat) * k,
  ];
  const outline = PARAGUAY.map(at);
  const river = PARAGUAY_RIVER.map(at);
  const [ax, ay] = at([-57.6, -25.3]);
  const body = [
    backdrop(p, [
      [0, C.sandLight],
      [1, C.clay],
    ]),
    nanduti(980, 110, 170, C.terra, 0.25),
    nanduti(130, 560, 120, C.terra, 0.2),
    g(
      { filter: 'url(#shadow)' },
      poly(outline, {
        fill: C.terra,
        stroke: C.terraDark,
        'stroke-width': 4,
        'stroke-linejoin': 'round',
      }),
    ),
    poly(outline.slice(0, 11).concat(river.slice(1).reverse()), {
      fill: C.terraLight,
      opacity: 0.55,
    }),
    h('path', {
      d: 'M' + river.map(([x, y]) => `${n(x)} ${n(y)}`).join('L'),
      fill: 'none',
      stroke: C.sea,
      'stroke-width': 6,
      'stroke-linejoin': 'round',
      'stroke-linecap': 'round',
    }),
    h('circle', { cx: ax, cy: ay, r: 11, fill: C.paper, stroke: C.purple, 'stroke-width': 5 }),
    labelCard(p, { x: 640, y: 210, w: 420, tag: 'Guaraní', seed: 41, accent: C.terra, rot: -2 }),
  ];
  return svgDoc(W, H, p.defs.join(''), body.join(''), { mottle: 0.5 });
}

/** Albanian: a label card with a red and black geometric motif, like a woven band. */
function albanian(): Scene {
  const p = painter(new Ids());
  const red = '#c62f2f';
  const black = '#1e1519';
  const band = (y: number, hh: number) => {
    const parts: string[] = [h('rect', { x: 0, y, width: 560, height: hh, fill: red })];
    const step = hh;
    for (let x = 0; x < 560; x += step) {
      const cx = x + step / 2;
      const cy = y + hh / 2;
      const r = hh * 0.42;
      parts.push(
        poly(
          [
            [cx, cy - r],
            [cx + r, cy],
            [cx, cy + r],
            [cx - r, cy],
          ],
          { fill: black },
        ),
        poly(
          [
            [cx, cy - r * 0.5],
            [cx + r * 0.5, cy],
            [cx, cy + r * 0.5],
            [cx - r * 0.5, cy],
          ],
          { fill: red },
        ),
        poly(
          [
            [cx, cy - r * 0.18],
            [cx + r * 0.18, cy],
            [cx, cy + r * 0.18],
            [cx - r * 0.18, cy],
          ],
          { fill: C.sandLight },
        ),
      );
    }
    return parts.join('');
  };
  const zigzag = (y: number, amp: number, color: string) => {
    let d = `M0 ${y}`;
    for (let x = 0; x <= 560; x += amp * 2) d += `L${x + amp} ${y - amp}L${x + amp * 2} ${y}`;
    return h('path', {
      d,
      fill: 'none',
      stroke: color,
      'stroke-width': 8,
      'stroke-linejoin': 'miter',
    });
  };
  // A stepped medallion with two wing-like flanks, a nod to the eagle without drawing it.
  const medallion = (cx: number, cy: number, s: number) => {
    const steps: string[] = [];
    for (let i = 0; i < 4; i++) {
      const r = s * (1 - i * 0.22);
      steps.push(
        poly(
          [
            [cx, cy - r],
            [cx + r, cy],
            [cx, cy + r],
            [cx - r, cy],
          ],
          { fill: i % 2 ? red : black },
        ),
      );
    }
    const wing = (dir: 1 | -1) =>
      [0, 1, 2].map((i) =>
        poly(
          [
            [cx + dir * s * (0.7 + i * 0.3), cy - s * (0.2 + i * 0.28)],
            [cx + dir * s * (1.05 + i * 0.3), cy - s * (0.2 + i * 0.28)],
            [cx + dir * s * (0.75 + i * 0.3), cy + s * 0.2],
          ],
          { fill: black },
        ),
      );
    return g({}, ...wing(-1), ...wing(1), ...steps);
  };
  const body = [
    backdrop(p, [
      [0, C.sandLight],
      [1, C.sand],
    ]),
    g(
      { transform: 'translate(60 0)' },
      h('rect', { x: 0, y: 0, width: 560, height: H, fill: C.sandLight }),
      band(40, 70),
      zigzag(150, 16, black),
      zigzag(172, 16, red),
      medallion(280, 315, 110),
      zigzag(475, 16, red),
      zigzag(497, 16, black),
      band(520, 70),
      h('rect', {
        x: 0,
        y: 0,
        width: 560,
        height: H,
        fill: 'none',
        stroke: black,
        'stroke-width': 0,
      }),
    ),
    labelCard(p, { x: 690, y: 200, w: 420, tag: 'Shqip', seed: 52, accent: red, rot: 2 }),
  ];
  return svgDoc(W, H, p.defs.join(''), body.join(''), { mottle: 0.4 });
}

/** A baobab: a swollen trunk and a short crown of branches. */
function baobab(x: number, ground: number, s: number, color: string): string {
  const branches = [
    'M-22 -300 Q-60 -330 -80 -360',
    'M-10 -305 Q-20 -350 -34 -380',
    'M6 -305 Q10 -355 2 -392',
    'M18 -300 Q44 -340 70 -362',
    'M24 -292 Q70 -300 96 -326',
    'M-26 -292 Q-70 -296 -100 -318',
  ];
  return g(
    { transform: `translate(${n(x)} ${n(ground)}) scale(${s})` },
    h('path', {
      d: 'M-46 0 Q-58 -120 -34 -220 Q-24 -280 -28 -300 L28 -300 Q24 -280 34 -220 Q58 -120 46 0 Z',
      fill: color,
    }),
    ...branches.map((d) =>
      h('path', { d, fill: 'none', stroke: color, 'stroke-width': 12, 'stroke-linecap': 'round' }),
    ),
    h('path', {
      d: 'M-90 -352 q20 -22 40 -4 M-40 -378 q16 -18 30 0 M60 -358 q22 -20 44 0 M80 -326 q18 -16 34 2',
      fill: 'none',
      stroke: color,
      'stroke-width': 8,
      'stroke-linecap': 'round',
    }),
  );
}

/** Malagasy: a label card beside baobab silhouettes at sunset. */
function malagasy(): Scene {
  const p = painter(new Ids());
  const sun = p.ids.next('sun');
  p.defs.push(
    radial(sun, [
      [0, '#fbe3bd', 0.9],
      [0.4, '#f6c79a', 0.5],
      [1, '#f6c79a', 0],
    ]),
  );
  const ground = 540;
  const body = [
    backdrop(
      p,
      [
        [0, C.mauve],
        [0.5, C.terraLight],
        [1, '#f3d3b0'],
      ],
      false,
    ),
    h('circle', { cx: 360, cy: 380, r: 300, fill: `url(#${sun})` }),
    h('circle', { cx: 360, cy: 400, r: 70, fill: '#fbe3bd' }),
    baobab(140, ground + 6, 0.9, C.mauve),
    baobab(470, ground + 4, 0.75, C.mauve),
    baobab(300, ground, 1.25, C.plum),
    baobab(560, ground, 1.05, C.plum),
    h('path', {
      d: `M0 ${ground} Q300 ${ground - 14} 600 ${ground} T1200 ${ground - 4} V${H} H0 Z`,
      fill: C.purple,
    }),
    h('path', {
      d: `M60 ${ground + 40} h240 M380 ${ground + 60} h180`,
      stroke: C.mauve,
      'stroke-width': 4,
      'stroke-linecap': 'round',
      opacity: 0.6,
    }),
    labelCard(p, { x: 700, y: 180, w: 420, tag: 'Malagasy', seed: 63, accent: C.sea, rot: -1.5 }),
  ];
  return svgDoc(W, H, p.defs.join(''), body.join(''), { grain: 0.3 });
}

/** Why Legenda: a phone showing a museum text, language bubbles around it. */
function pourquoiLegenda(): Scene {
  const p = painter(new Ids());
  const body = [
    backdrop(p, [
      [0, C.sandLight],
      [1, C.sand],
    ]),
    h('circle', { cx: 600, cy: 330, r: 300, fill: C.rose, opacity: 0.45 }),
    h('circle', { cx: 600, cy: 330, r: 205, fill: C.paper, opacity: 0.5 }),
    phone(p, {
      x: 600,
      y: 330,
      w: 250,
      rot: -4,
      screen: articleScreen({
        lang: 'ES',
        seed: 3,
        picture: (pp, w, hh) => miniPic(pp, 'ship', w, hh),
      }),
    }),
    languageBubbles(
      [
        [120, 70, 'Español', 0],
        [230, 220, 'Deutsch', 2],
        [90, 370, 'العربية', 3],
        [210, 500, 'Polski', 4],
        [830, 60, 'English', 3],
        [880, 210, 'Italiano', 4],
        [800, 370, 'Ελληνικά', 0],
        [900, 500, 'Brezhoneg', 1],
      ],
      26,
    ),
  ];
  return svgDoc(W, H, p.defs.join(''), body.join(''), { mottle: 0.4 });
}

/** Installation: a museum wall with numbered panels and their codes, one being hung. */
function installation(): Scene {
  const p = painter(new Ids());
  const floorY = 520;
  const row: [number, PicKind, string, number][] = [
    [1, 'harbour', C.terra, 0],
    [2, 'ship', C.purple, 0],
    [3, 'map', C.sea, 0],
    [4, 'lighthouse', C.purple, -4],
  ];
  const pw = 170;
  const body = [
    wallAndFloor(p, { w: W, h: H, floorY, wall: C.sand, wallTop: C.sandDark }),
    ...row.map((_, i) => spot(p, 90 + i * 245 + pw / 2, 190, 160, 240, 0.5)),
    ...row.map(([num, pic, accent, rot], i) =>
      g(
        { transform: rot ? `rotate(${rot} ${90 + i * 245 + pw / 2} 120)` : undefined },
        panel(p, { x: 90 + i * 245, y: 100, w: pw, num, pic, accent }),
      ),
    ),
    floorShadow(1085, 605, 60),
    person({
      x: 1085,
      y: 605,
      height: 430,
      skin: SKINS[4],
      hair: HAIRS[1],
      hairStyle: 'long',
      top: C.sea,
      bottom: C.purple,
      pose: 'point',
      flip: true,
    }),
    // A toolbox and a level on the floor.
    h('rect', { x: 860, y: 560, width: 120, height: 50, rx: 6, fill: C.terra }),
    h('path', { d: 'M890 560 v-14 h60 v14', fill: 'none', stroke: C.ink, 'stroke-width': 6 }),
    h('rect', { x: 690, y: 590, width: 150, height: 16, rx: 3, fill: C.sea }),
    h('rect', { x: 755, y: 593, width: 20, height: 10, rx: 5, fill: C.seaPale }),
  ];
  return svgDoc(W, H, p.defs.join(''), body.join(''), { mottle: 0.5 });
}

/** The blog covers, 1200 × 630, by post slug. */
export const BLOG_COVERS: Record<string, () => Scene> = {
  guarani,
  albanian,
  malagasy,
  'pourquoi-legenda': pourquoiLegenda,
  installation,
  petanque: () => boulesScene(W, H, 0.62, 27),
};
