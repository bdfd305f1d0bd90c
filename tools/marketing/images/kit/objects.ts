import { C } from './palette.ts';
import { g, h, type Ids, linear, n, poly, radial, rng, tf } from './svg.ts';

/** Objects drawn in their own units and placed with (x, y, scale); `defs` collects gradients. */
export interface Place {
  x: number;
  y: number;
  s?: number;
  rot?: number;
}

export interface Painter {
  ids: Ids;
  defs: string[];
}

export const painter = (ids: Ids): Painter => ({ ids, defs: [] });

function grad(p: Painter, make: (id: string) => string): string {
  const id = p.ids.next('gr');
  p.defs.push(make(id));
  return `url(#${id})`;
}

/** An anchor, 200 units tall, centred on its shank. */
export function anchor(p: Painter, at: Place, color: string = C.seaDark): string {
  const light = grad(p, (id) =>
    linear(
      id,
      [
        [0, '#ffffff', 0.28],
        [0.45, '#ffffff', 0],
        [1, C.ink, 0.25],
      ],
      { x2: 1, y2: 0 },
    ),
  );
  const body = [
    h('circle', { cx: 0, cy: -88, r: 14, fill: 'none', stroke: color, 'stroke-width': 8 }),
    h('rect', { x: -7.5, y: -76, width: 15, height: 162, rx: 4, fill: color }),
    h('rect', { x: -48, y: -70, width: 96, height: 11, rx: 5.5, fill: color }),
    h('circle', { cx: -50, cy: -64.5, r: 7.5, fill: color }),
    h('circle', { cx: 50, cy: -64.5, r: 7.5, fill: color }),
    h('path', {
      d: 'M-68 14 Q-64 86 0 88 Q64 86 68 14',
      fill: 'none',
      stroke: color,
      'stroke-width': 13,
      'stroke-linecap': 'round',
    }),
    h('path', { d: 'M-70 -8 L-86 36 L-68 28 L-52 34 Z', fill: color }),
    h('path', { d: 'M70 -8 L86 36 L68 28 L52 34 Z', fill: color }),
    h('circle', { cx: 0, cy: 86, r: 11, fill: color }),
  ].join('');
  return g(
    { transform: tf(at.x, at.y, at.s ?? 1, at.rot ?? 0) },
    body,
    g(
      { fill: light, stroke: 'none' },
      h('rect', { x: -7.5, y: -76, width: 15, height: 162, rx: 4 }),
    ),
    h('path', { d: 'M-4 -70 V80', stroke: '#ffffff', 'stroke-width': 2, opacity: 0.22 }),
  );
}

/** A rope: a loose catenary between two points. */
export function rope(
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  sag: number,
  width = 4,
  color: string = C.sandDeep,
): string {
  const d = `M${n(x1)} ${n(y1)} Q${n((x1 + x2) / 2)} ${n((y1 + y2) / 2 + sag)} ${n(x2)} ${n(y2)}`;
  return g(
    {},
    h('path', { d, fill: 'none', stroke: color, 'stroke-width': width, 'stroke-linecap': 'round' }),
    h('path', {
      d,
      fill: 'none',
      stroke: C.woodDark,
      'stroke-width': width,
      'stroke-dasharray': `${n(width * 0.5)} ${n(width * 0.9)}`,
      opacity: 0.35,
    }),
  );
}

/** A coil of rope seen from above at an angle. */
export function ropeCoil(at: Place, color: string = C.sandDeep): string {
  const rings = [0, 1, 2, 3, 4].map((i) =>
    h('ellipse', {
      cx: 0,
      cy: -i * 5,
      rx: 60 - i * 3,
      ry: 20 - i,
      fill: 'none',
      stroke: i % 2 ? color : C.sandDark,
      'stroke-width': 8,
    }),
  );
  return g(
    { transform: tf(at.x, at.y, at.s ?? 1) },
    h('ellipse', { cx: 0, cy: 6, rx: 66, ry: 18, fill: C.purple, opacity: 0.15 }),
    ...rings,
    h('ellipse', { cx: 0, cy: -22, rx: 34, ry: 9, fill: C.woodDark, opacity: 0.35 }),
  );
}

/** A three-masted ship model on a stand, hull about 200 units long, stand base on y = 60. */
export function shipModel(p: Painter, at: Place, opts: { stand?: boolean } = {}): string {
  const sail = (mx: number, y0: number, y1: number, w: number) => {
    const l = mx - w / 2;
    const r = mx + w / 2;
    return g(
      {},
      h('path', {
        d: `M${l} ${y0} L${r} ${y0} Q${r + 4} ${(y0 + y1) / 2} ${r} ${y1} Q${mx} ${y1 + 5} ${l} ${y1} Q${l - 4} ${(y0 + y1) / 2} ${l} ${y0} Z`,
        fill: C.off,
      }),
      h('path', {
        d: `M${mx + w * 0.15} ${y0} L${r} ${y0} Q${r + 4} ${(y0 + y1) / 2} ${r} ${y1} Q${mx + w * 0.3} ${y1 + 3} ${mx + w * 0.15} ${y1 + 1} Z`,
        fill: C.sandDark,
        opacity: 0.7,
      }),
      h('line', { x1: l - 4, y1: y0, x2: r + 4, y2: y0, stroke: C.woodDark, 'stroke-width': 2.4 }),
    );
  };
  const masts: [number, number, number][] = [
    [-52, -150, 58],
    [2, -176, 66],
    [54, -140, 54],
  ];
  const hull = grad(p, (id) =>
    linear(id, [
      [0, C.wood],
      [1, C.woodDark],
    ]),
  );
  const parts: string[] = [];
  // Rigging behind the sails.
  for (const [mx, top] of masts) {
    parts.push(
      h('path', {
        d: `M${mx} ${top} L-96 -14 M${mx} ${top} L92 -14`,
        stroke: C.ink,
        'stroke-width': 0.8,
        opacity: 0.35,
        fill: 'none',
      }),
    );
  }
  parts.push(h('path', { d: 'M94 -16 L146 -46', stroke: C.woodDark, 'stroke-width': 3 }));
  parts.push(
    poly(
      [
        [58, -128],
        [142, -44],
        [72, -26],
      ],
      { fill: C.off },
    ),
  );
  parts.push(
    poly(
      [
        [58, -128],
        [100, -86],
        [72, -26],
      ],
      { fill: C.sandDark, opacity: 0.5 },
    ),
  );
  for (const [mx, top, w] of masts) {
    parts.push(
      h('line', { x1: mx, y1: -14, x2: mx, y2: top, stroke: C.woodDark, 'stroke-width': 3.2 }),
    );
    const span = -14 - top;
    const step = (span - 14) / 3;
    for (let i = 0; i < 3; i++) {
      const y0 = top + 12 + i * step;
      parts.push(sail(mx, y0, y0 + step - 6, w * (0.7 + i * 0.15)));
    }
    parts.push(
      poly(
        [
          [mx, top],
          [mx + 16, top + 4],
          [mx, top + 8],
        ],
        { fill: C.terra },
      ),
    );
  }
  parts.push(
    h('path', { d: 'M-100 -14 L-100 -34 L-70 -34 L-64 -14 Z', fill: C.wood }),
    h('path', { d: 'M-100 -14 L96 -14 Q92 6 70 20 Q0 34 -80 22 Q-96 8 -100 -14 Z', fill: hull }),
    h('path', { d: 'M-99 -8 L94 -8 L92.5 -2 L-98.5 -2 Z', fill: C.terra }),
    ...[-70, -45, -20, 5, 30, 55].map((x) =>
      h('rect', { x, y: -7, width: 6, height: 4, fill: C.ink, opacity: 0.7 }),
    ),
    h('path', {
      d: 'M-80 22 Q0 34 70 20',
      fill: 'none',
      stroke: C.ink,
      'stroke-width': 2,
      opacity: 0.25,
    }),
  );
  if (opts.stand !== false) {
    parts.push(
      h('rect', { x: -44, y: 22, width: 8, height: 30, fill: C.woodDark }),
      h('rect', { x: 36, y: 22, width: 8, height: 30, fill: C.woodDark }),
      h('rect', { x: -74, y: 50, width: 148, height: 10, rx: 2, fill: C.woodDark }),
    );
  }
  return g({ transform: tf(at.x, at.y, at.s ?? 1, at.rot ?? 0) }, ...parts);
}

/** A striped lighthouse, base on y = 0, 300 units tall. */
export function lighthouse(p: Painter, at: Place, opts: { lit?: boolean } = {}): string {
  const top = -220;
  const half = (y: number) => 35 + ((22 - 35) * y) / top;
  const bands: string[] = [];
  const bandH = top / 6;
  for (let i = 0; i < 6; i++) {
    const y0 = i * bandH;
    const y1 = (i + 1) * bandH;
    bands.push(
      poly(
        [
          [-half(y0), y0],
          [half(y0), y0],
          [half(y1), y1],
          [-half(y1), y1],
        ],
        {
          fill: i % 2 ? C.terra : C.off,
        },
      ),
    );
  }
  const shade = poly(
    [
      [8, 0],
      [35, 0],
      [22, top],
      [5, top],
    ],
    { fill: C.purple, opacity: 0.18 },
  );
  const glass = grad(p, (id) =>
    radial(id, [
      [0, '#fff6dc'],
      [0.6, '#f6d79a'],
      [1, C.terraLight],
    ]),
  );
  const parts = [
    ...bands,
    shade,
    h('path', { d: 'M-9 0 V-22 A9 9 0 0 1 9 -22 V0 Z', fill: C.purple }),
    ...[-80, -150].map((y) => h('rect', { x: -4, y, width: 8, height: 12, rx: 4, fill: C.purple })),
    h('rect', { x: -33, y: top - 8, width: 66, height: 9, rx: 2, fill: C.purple }),
    h('path', {
      d: `M-30 ${top - 8} V${top - 22} H30 V${top - 8}`,
      fill: 'none',
      stroke: C.purple,
      'stroke-width': 2,
    }),
    ...[-20, -10, 0, 10, 20].map((x) =>
      h('line', { x1: x, y1: top - 8, x2: x, y2: top - 22, stroke: C.purple, 'stroke-width': 1.5 }),
    ),
    h('rect', { x: -18, y: top - 50, width: 36, height: 42, fill: opts.lit ? glass : C.seaPale }),
    ...[-6, 6].map((x) =>
      h('line', { x1: x, y1: top - 50, x2: x, y2: top - 8, stroke: C.purple, 'stroke-width': 2 }),
    ),
    h('path', { d: `M-23 ${top - 48} Q0 ${top - 84} 23 ${top - 48} Z`, fill: C.purple }),
    h('line', { x1: 0, y1: top - 66, x2: 0, y2: top - 84, stroke: C.purple, 'stroke-width': 2.5 }),
    h('circle', { cx: 0, cy: top - 86, r: 3, fill: C.purple }),
  ];
  return g({ transform: tf(at.x, at.y, at.s ?? 1) }, ...parts);
}

/** Light beams from a lamp at (x, y), pointing left and right. */
export function beams(
  p: Painter,
  x: number,
  y: number,
  length: number,
  spread: number,
  tilt = 0,
): string {
  const fade = grad(p, (id) =>
    linear(
      id,
      [
        [0, '#fff3d6', 0.55],
        [1, '#fff3d6', 0],
      ],
      { x1: 0, y1: 0, x2: 1, y2: 0 },
    ),
  );
  const fadeL = grad(p, (id) =>
    linear(
      id,
      [
        [0, '#fff3d6', 0.0],
        [1, '#fff3d6', 0.4],
      ],
      { x1: 0, y1: 0, x2: 1, y2: 0 },
    ),
  );
  return g(
    { style: 'mix-blend-mode:screen' },
    poly(
      [
        [x, y - 6],
        [x + length, y - spread + tilt],
        [x + length, y + spread + tilt],
        [x, y + 6],
      ],
      { fill: fade },
    ),
    poly(
      [
        [x, y - 6],
        [x - length * 0.7, y - spread * 0.6 - tilt],
        [x - length * 0.7, y + spread * 0.6 - tilt],
        [x, y + 6],
      ],
      {
        fill: fadeL,
      },
    ),
  );
}

/** A harbour gantry crane silhouette, base on y = 0, about 380 units tall. */
export function crane(at: Place, color: string, opts: { raised?: boolean } = {}): string {
  const beam = (x1: number, y1: number, x2: number, y2: number, w = 3) =>
    h('line', { x1, y1, x2, y2, stroke: color, 'stroke-width': w });
  const legs = [
    h('rect', { x: -66, y: -262, width: 12, height: 262, fill: color }),
    h('rect', { x: 54, y: -262, width: 12, height: 262, fill: color }),
    h('rect', { x: -72, y: -6, width: 24, height: 6, fill: color }),
    h('rect', { x: 48, y: -6, width: 24, height: 6, fill: color }),
    h('rect', { x: -66, y: -186, width: 132, height: 9, fill: color }),
    beam(-60, -186, 60, -262),
    beam(60, -186, -60, -262),
    beam(-60, -40, 60, -177, 2.4),
    beam(60, -40, -60, -177, 2.4),
  ];
  const boom = opts.raised
    ? [
        g(
          { transform: 'translate(-60 -270) rotate(-72)' },
          h('rect', { x: 0, y: -7, width: 190, height: 13, fill: color }),
          ...[20, 50, 80, 110, 140, 170].map((x) => beam(x, -7, x + 15, 6, 2)),
        ),
        h('rect', { x: -66, y: -276, width: 240, height: 13, fill: color }),
      ]
    : [
        h('rect', { x: -250, y: -276, width: 430, height: 13, fill: color }),
        ...[-230, -200, -170, -140, -110, -80].map((x) => beam(x, -276, x + 15, -263, 2)),
      ];
  const top = [
    h('path', {
      d: 'M-60 -270 L-22 -382 L-14 -382 L60 -270',
      fill: 'none',
      stroke: color,
      'stroke-width': 9,
    }),
    opts.raised ? '' : beam(-18, -382, -250, -272, 2.2),
    beam(-18, -382, 178, -272, 2.2),
    h('rect', { x: 20, y: -306, width: 56, height: 30, fill: color }),
    h('rect', { x: -8, y: -262, width: 30, height: 18, fill: color }),
  ];
  return g({ transform: tf(at.x, at.y, at.s ?? 1) }, ...legs, ...boom, ...top);
}

/** A small sailing boat, waterline on y = 0, hull 120 units long. */
export function sailboat(
  at: Place,
  colors: { hull: string; sail?: string; deck?: string },
  opts: { furled?: boolean; flip?: boolean } = {},
): string {
  const parts = [
    h('path', { d: 'M-62 -14 L66 -14 L52 8 L-50 8 Z', fill: colors.hull }),
    h('path', {
      d: 'M-62 -14 L66 -14 L64 -10 L-60 -10 Z',
      fill: colors.deck ?? C.off,
      opacity: 0.9,
    }),
    h('rect', { x: -20, y: -26, width: 34, height: 12, rx: 3, fill: colors.deck ?? C.off }),
    h('line', { x1: 2, y1: -14, x2: 2, y2: -170, stroke: C.ink, 'stroke-width': 3 }),
    h('path', {
      d: 'M2 -170 L64 -14 M2 -170 L-60 -14',
      stroke: C.ink,
      'stroke-width': 0.8,
      opacity: 0.5,
    }),
  ];
  if (opts.furled) {
    parts.push(
      h('rect', { x: 2, y: -42, width: 56, height: 8, rx: 4, fill: colors.sail ?? C.off }),
    );
  } else {
    parts.push(
      h('path', { d: 'M6 -164 Q30 -90 56 -30 L6 -30 Z', fill: colors.sail ?? C.off }),
      h('path', {
        d: 'M-2 -150 Q-26 -90 -50 -26 L-2 -26 Z',
        fill: colors.sail ?? C.off,
        opacity: 0.85,
      }),
    );
  }
  return g({ transform: tf(at.x, at.y, at.s ?? 1) + (opts.flip ? ' scale(-1 1)' : '') }, ...parts);
}

/** A fishing boat with a wheelhouse, waterline on y = 0, about 200 units long. */
export function trawler(
  at: Place,
  colors: { hull: string; house?: string },
  opts: { flip?: boolean } = {},
): string {
  const parts = [
    h('path', {
      d: 'M-100 -26 L84 -26 L110 -44 L98 -8 Q90 10 70 12 L-86 12 Q-98 0 -100 -26 Z',
      fill: colors.hull,
    }),
    h('path', { d: 'M-99 -18 L92 -18 L94 -14 L-98 -14 Z', fill: C.off, opacity: 0.85 }),
    h('rect', { x: 8, y: -74, width: 52, height: 48, rx: 3, fill: colors.house ?? C.off }),
    h('path', { d: 'M4 -74 H64 L60 -82 H8 Z', fill: C.ink }),
    ...[14, 30, 46].map((x) =>
      h('rect', { x, y: -66, width: 11, height: 12, rx: 1.5, fill: C.sea, opacity: 0.8 }),
    ),
    h('line', { x1: -40, y1: -26, x2: -40, y2: -140, stroke: C.ink, 'stroke-width': 3 }),
    h('line', { x1: 30, y1: -82, x2: 30, y2: -120, stroke: C.ink, 'stroke-width': 2.4 }),
    h('path', {
      d: 'M-40 -130 L-96 -30 M-40 -130 L80 -30 M-40 -100 L-70 -26',
      stroke: C.ink,
      'stroke-width': 1,
      opacity: 0.6,
      fill: 'none',
    }),
    h('circle', { cx: 30, cy: -122, r: 3, fill: C.terra }),
  ];
  return g({ transform: tf(at.x, at.y, at.s ?? 1) + (opts.flip ? ' scale(-1 1)' : '') }, ...parts);
}

/** A hurricane lantern, base on y = 0, about 230 units tall. */
export function lantern(
  p: Painter,
  at: Place,
  opts: { lit?: boolean; body?: string } = {},
): string {
  const body = opts.body ?? C.terra;
  const metal = grad(p, (id) =>
    linear(
      id,
      [
        [0, '#ffffff', 0.25],
        [0.35, '#ffffff', 0],
        [1, C.ink, 0.35],
      ],
      { x2: 1, y2: 0 },
    ),
  );
  const glass = grad(p, (id) =>
    radial(
      id,
      opts.lit === false
        ? [
            [0, C.seaPale],
            [1, C.seaLight],
          ]
        : [
            [0, '#fffbe9'],
            [0.35, '#fbe2a6'],
            [1, '#e9a96d'],
          ],
      {
        cy: 0.55,
      },
    ),
  );
  const tank = 'M-54 0 L54 0 L50 -34 Q0 -46 -50 -34 Z';
  const cap = 'M-40 -140 L40 -140 L28 -164 L-28 -164 Z';
  const parts = [
    h('path', {
      d: 'M-58 -46 Q-72 -210 0 -214 Q72 -210 58 -46',
      fill: 'none',
      stroke: C.ink,
      'stroke-width': 4,
    }),
    h('rect', { x: -60, y: -148, width: 9, height: 112, rx: 4, fill: body }),
    h('rect', { x: 51, y: -148, width: 9, height: 112, rx: 4, fill: body }),
    h('ellipse', { cx: 0, cy: -88, rx: 40, ry: 54, fill: glass }),
    opts.lit === false
      ? ''
      : h('path', {
          d: 'M0 -112 Q9 -94 6 -84 Q3 -76 0 -76 Q-3 -76 -6 -84 Q-9 -94 0 -112 Z',
          fill: '#fffdf4',
        }),
    h('ellipse', { cx: -16, cy: -104, rx: 6, ry: 20, fill: '#ffffff', opacity: 0.35 }),
    ...[-26, 0, 26].map((x) =>
      h('path', {
        d: `M${x} -36 Q${x * 1.7} -88 ${x} -140`,
        fill: 'none',
        stroke: C.ink,
        'stroke-width': 2.2,
        opacity: 0.75,
      }),
    ),
    h('path', {
      d: 'M-40 -88 Q0 -80 40 -88',
      fill: 'none',
      stroke: C.ink,
      'stroke-width': 2.2,
      opacity: 0.75,
    }),
    h('path', { d: tank, fill: body }),
    h('path', { d: tank, fill: metal }),
    h('rect', { x: -44, y: -44, width: 88, height: 10, rx: 3, fill: body }),
    h('path', { d: cap, fill: body }),
    h('path', { d: cap, fill: metal }),
    h('rect', { x: -14, y: -180, width: 28, height: 18, rx: 3, fill: body }),
    h('rect', { x: -64, y: -152, width: 128, height: 12, rx: 4, fill: body }),
  ];
  return g({ transform: tf(at.x, at.y, at.s ?? 1) }, ...parts);
}

/** A glow: a soft radial light. */
export function glow(
  p: Painter,
  x: number,
  y: number,
  r: number,
  color = '#ffd99a',
  strength = 0.6,
): string {
  const fill = grad(p, (id) =>
    radial(id, [
      [0, color, strength],
      [0.4, color, strength * 0.35],
      [1, color, 0],
    ]),
  );
  return h('circle', { cx: x, cy: y, r, fill });
}

/** A pétanque boule, radius r, with its grooves and highlight. */
export function boule(
  p: Painter,
  x: number,
  y: number,
  r: number,
  seed: number,
  tint: string = C.steel,
): string {
  const rand = rng(seed);
  const metal = grad(p, (id) =>
    radial(
      id,
      [
        [0, '#ffffff'],
        [0.25, '#d9dde2'],
        [0.7, tint],
        [1, '#3b3f48'],
      ],
      { fx: 0.32, fy: 0.3, r: 0.72 },
    ),
  );
  const tilt = -30 + rand() * 60;
  const grooves = [0.55, 0.75].map((k) =>
    h('ellipse', {
      cx: 0,
      cy: 0,
      rx: r * k,
      ry: r * 0.98,
      fill: 'none',
      stroke: '#3b3f48',
      'stroke-width': r * 0.035,
      opacity: 0.5,
    }),
  );
  return g(
    {},
    h('ellipse', {
      cx: x + r * 0.25,
      cy: y + r * 0.92,
      rx: r * 1.05,
      ry: r * 0.28,
      fill: C.purple,
      opacity: 0.25,
    }),
    h('circle', { cx: x, cy: y, r, fill: metal }),
    g({ transform: `translate(${n(x)} ${n(y)}) rotate(${n(tilt)})` }, ...grooves),
    h('ellipse', {
      cx: x - r * 0.35,
      cy: y - r * 0.4,
      rx: r * 0.22,
      ry: r * 0.14,
      fill: '#ffffff',
      opacity: 0.7,
      transform: `rotate(-35 ${n(x - r * 0.35)} ${n(y - r * 0.4)})`,
    }),
  );
}

/** The jack (cochonnet): a small painted wooden ball. */
export function jack(p: Painter, x: number, y: number, r: number, color: string = C.terra): string {
  const wood = grad(p, (id) =>
    radial(
      id,
      [
        [0, '#ffffff', 0.9],
        [0.3, color],
        [1, C.terraDark],
      ],
      { fx: 0.35, fy: 0.3 },
    ),
  );
  return g(
    {},
    h('ellipse', {
      cx: x + r * 0.25,
      cy: y + r * 0.9,
      rx: r * 1.05,
      ry: r * 0.3,
      fill: C.purple,
      opacity: 0.25,
    }),
    h('circle', { cx: x, cy: y, r, fill: wood }),
  );
}

/** Scattered gravel in a rectangle (deterministic). */
export function gravel(
  x: number,
  y: number,
  w: number,
  hh: number,
  count: number,
  seed: number,
  tones: readonly string[],
  size = 1,
): string {
  const rand = rng(seed);
  const byTone = tones.map(() => [] as string[]);
  for (let i = 0; i < count; i++) {
    const cx = x + rand() * w;
    const cy = y + rand() * hh;
    const depth = 0.5 + ((cy - y) / hh) * 0.9;
    const rx = (1.5 + rand() * 3.5) * depth * size;
    const ry = rx * (0.55 + rand() * 0.25);
    const tone = Math.floor(rand() * tones.length);
    byTone[tone]?.push(
      `M${n(cx - rx)} ${n(cy)}a${n(rx)} ${n(ry)} 0 1 0 ${n(rx * 2)} 0a${n(rx)} ${n(ry)} 0 1 0 ${n(-rx * 2)} 0`,
    );
  }
  return g({}, ...byTone.map((d, i) => h('path', { d: d.join(''), fill: tones[i] })));
}

/** A fishing float: a striped sphere on a short rope loop. */
export function buoy(p: Painter, at: Place, color: string, band: string = C.off): string {
  const shade = grad(p, (id) =>
    radial(
      id,
      [
        [0, '#ffffff', 0.45],
        [0.5, '#ffffff', 0],
        [1, C.ink, 0.35],
      ],
      { fx: 0.35, fy: 0.3, r: 0.7 },
    ),
  );
  return g(
    { transform: tf(at.x, at.y, at.s ?? 1, at.rot ?? 0) },
    h('path', { d: 'M-8 -42 Q0 -62 8 -42', fill: 'none', stroke: C.sandDeep, 'stroke-width': 4 }),
    h('circle', { cx: 0, cy: 0, r: 42, fill: color }),
    h('path', { d: 'M-41 -8 Q0 4 41 -8 L41 8 Q0 20 -41 8 Z', fill: band }),
    h('circle', { cx: 0, cy: 0, r: 42, fill: shade }),
  );
}

/** A long fender-shaped float. */
export function fender(p: Painter, at: Place, color: string): string {
  const shade = grad(p, (id) =>
    linear(
      id,
      [
        [0, '#ffffff', 0.35],
        [0.4, '#ffffff', 0],
        [1, C.ink, 0.35],
      ],
      { x2: 1, y2: 0 },
    ),
  );
  return g(
    { transform: tf(at.x, at.y, at.s ?? 1, at.rot ?? 0) },
    h('path', { d: 'M0 -70 V-52', stroke: C.sandDeep, 'stroke-width': 4 }),
    h('rect', { x: -22, y: -54, width: 44, height: 108, rx: 22, fill: color }),
    h('rect', { x: -22, y: -54, width: 44, height: 108, rx: 22, fill: shade }),
    h('rect', { x: -22, y: -10, width: 44, height: 8, fill: C.off, opacity: 0.8 }),
  );
}
