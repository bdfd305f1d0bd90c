import { C, HAIRS, SKINS } from '../kit/palette.ts';
import { painter } from '../kit/objects.ts';
import { person } from '../kit/people.ts';
import { h, Ids, linear, n, poly, radial, type Scene, svgDoc } from '../kit/svg.ts';

const W = 1600;
const H = 1067;

type Pt = readonly [number, number];

/** One-point perspective: eye at the origin, looking down +z, y up. */
function camera(f: number, vx: number, vy: number) {
  return (x: number, y: number, z: number): Pt => [vx + (f * x) / z, vy - (f * y) / z];
}

/** A hall of arches seen down its length, panels on the walls between them, light at the end. */
export function hall(): Scene {
  const p = painter(new Ids());
  const P = camera(640, 800, 560);
  const half = 3;
  const inner = 2.55;
  const floor = -1.6;
  const spring = 2.4;
  const depth = 0.6;
  const arches = [2.7, 5.7, 8.7, 11.7, 14.7, 17.7, 20.7];
  const end = 24;

  // The cross-section at depth z: walls up to the spring line, then a half circle.
  const arcPts = (hw: number, z: number, reverse = false): Pt[] => {
    const pts: Pt[] = [];
    for (let i = 0; i <= 24; i++) {
      const a = Math.PI - (i * Math.PI) / 24;
      pts.push(P(Math.cos(a) * hw, spring + Math.sin(a) * hw, z));
    }
    return reverse ? pts.reverse() : pts;
  };
  const section = (hw: number, z: number): string => {
    const pts = [P(-hw, floor, z), ...arcPts(hw, z), P(hw, floor, z)];
    return 'M' + pts.map(([a, b]) => `${n(a)} ${n(b)}`).join('L') + 'Z';
  };

  const wallL = p.ids.next('wl');
  const wallR = p.ids.next('wr');
  const light = p.ids.next('lt');
  p.defs.push(
    linear(
      wallL,
      [
        [0, C.sandDeep],
        [1, C.sandLight],
      ],
      { x1: 0, y1: 0, x2: 1, y2: 0 },
    ),
    linear(
      wallR,
      [
        [0, C.sandLight],
        [1, C.sandDeep],
      ],
      { x1: 0, y1: 0, x2: 1, y2: 0 },
    ),
    radial(light, [
      [0, '#fffaf0'],
      [0.5, '#fbead0'],
      [1, C.sand],
    ]),
  );

  const vault = p.ids.next('vt');
  const nearShade = p.ids.next('ns');
  p.defs.push(
    radial(
      vault,
      [
        [0, C.sandLight],
        [0.5, C.sand],
        [1, C.sandDeep],
      ],
      { cx: 0.5, cy: 0.52, r: 0.75 },
    ),
    linear(nearShade, [
      [0, C.purple, 0],
      [1, C.purple, 0.22],
    ]),
  );
  const parts: string[] = [];
  // The vault: everything starts as ceiling, lit from the far end.
  parts.push(h('rect', { width: W, height: H, fill: `url(#${vault})` }));
  // Walls, as two long quads.
  const quad = (a: Pt, b: Pt, c: Pt, d: Pt, attrs: Record<string, string | number>) =>
    poly([a, b, c, d], attrs);
  parts.push(
    quad(P(-half, floor, 0.8), P(-half, spring, 0.8), P(-half, spring, end), P(-half, floor, end), {
      fill: `url(#${wallL})`,
    }),
    quad(P(half, floor, 0.8), P(half, spring, 0.8), P(half, spring, end), P(half, floor, end), {
      fill: `url(#${wallR})`,
    }),
  );
  // Floor tiles.
  const cols = 8;
  for (let zi = 0; zi < 32; zi++) {
    const z0 = 0.75 + zi * 0.75;
    const z1 = z0 + 0.75;
    if (z0 >= end) break;
    for (let ci = 0; ci < cols; ci++) {
      const x0 = -half + (ci * 2 * half) / cols;
      const x1 = x0 + (2 * half) / cols;
      parts.push(
        quad(
          P(x0, floor, z0),
          P(x1, floor, z0),
          P(x1, floor, Math.min(z1, end)),
          P(x0, floor, Math.min(z1, end)),
          {
            fill: (zi + ci) % 2 ? C.sandLight : C.clay,
          },
        ),
      );
    }
  }
  const [, nearY] = P(0, floor, 6);
  parts.push(h('rect', { y: nearY, width: W, height: H - nearY, fill: `url(#${nearShade})` }));
  // The far end: a wall with a bright doorway.
  parts.push(
    h('path', { d: section(half, end), fill: C.sand }),
    h('path', { d: section(1.3, end), fill: `url(#${light})` }),
  );
  // Panels on the walls between the arches.
  arches.forEach((z, i) => {
    for (const side of [-1, 1]) {
      const x = side * half * 0.999;
      const z0 = z + depth + 0.7;
      const z1 = z0 + 1.4;
      parts.push(
        quad(P(x, -0.55, z0), P(x, 0.95, z0), P(x, 0.95, z1), P(x, -0.55, z1), { fill: C.paper }),
        quad(P(x, 0.7, z0), P(x, 0.95, z0), P(x, 0.95, z1), P(x, 0.7, z1), {
          fill: [C.purple, C.sea, C.terra][i % 3] ?? C.purple,
        }),
        quad(
          P(x, 0.05, z0 + 0.15),
          P(x, 0.55, z0 + 0.15),
          P(x, 0.55, z1 - 0.15),
          P(x, 0.05, z1 - 0.15),
          { fill: C.seaPale },
        ),
        quad(
          P(x, -0.45, z1 - 0.55),
          P(x, -0.1, z1 - 0.55),
          P(x, -0.1, z1 - 0.15),
          P(x, -0.45, z1 - 0.15),
          { fill: C.ink },
        ),
      );
    }
  });
  // Arches and visitors, far to near: each arch is its soffit, then its front face.
  const items: { z: number; draw: string }[] = arches.map((z) => {
    const soffit = [...arcPts(inner, z), ...arcPts(inner, z + depth, true)];
    const sides = [-1, 1].map((side) =>
      quad(
        P(side * inner, floor, z),
        P(side * inner, spring, z),
        P(side * inner, spring, z + depth),
        P(side * inner, floor, z + depth),
        {
          fill: C.sandDeep,
        },
      ),
    );
    const outer = section(half, z);
    return {
      z,
      draw: [
        poly(soffit, { fill: C.sandDeep }),
        ...sides,
        h('path', { d: outer + section(inner, z), 'fill-rule': 'evenodd', fill: C.sandLight }),
        h('path', {
          d: section(inner, z),
          fill: 'none',
          stroke: C.purple,
          'stroke-width': 1.5,
          opacity: 0.15,
        }),
      ].join(''),
    };
  });
  const visitor = (
    x: number,
    z: number,
    look: Omit<Parameters<typeof person>[0], 'x' | 'y' | 'height'>,
    tall = 1.7,
  ) => {
    const [vx, vy] = P(x, floor, z);
    items.push({ z, draw: person({ ...look, x: vx, y: vy, height: (640 * tall) / z }) });
  };
  visitor(-1.6, 7.4, {
    skin: SKINS[2],
    hair: HAIRS[0],
    hairStyle: 'bun',
    top: C.terra,
    bottom: C.seaDark,
    pose: 'stand',
    flip: true,
  });
  visitor(
    1.4,
    10.4,
    {
      skin: SKINS[0],
      hair: HAIRS[3],
      hairStyle: 'short',
      top: C.sea,
      bottom: C.purple,
      pose: 'phone',
    },
    1.78,
  );
  visitor(0.2, 16.5, {
    skin: SKINS[3],
    hair: HAIRS[0],
    hairStyle: 'curly',
    top: C.plum,
    bottom: C.sandDeep,
    pose: 'stand',
  });
  items.sort((a, b) => b.z - a.z);
  parts.push(...items.map((it) => it.draw));
  const body = parts;
  return svgDoc(W, H, p.defs.join(''), body.join(''), { mottle: 0.6 });
}
