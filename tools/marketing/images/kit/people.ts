import { C } from './palette.ts';
import { g, h, tf } from './svg.ts';

export type HairStyle = 'short' | 'bun' | 'long' | 'bob' | 'curly' | 'bald';
export type Pose = 'stand' | 'phone' | 'hold' | 'point' | 'hand' | 'hip';

export interface Look {
  skin: string;
  hair: string;
  hairStyle: HairStyle;
  top: string;
  bottom: string;
  shoes?: string;
  skirt?: boolean;
  bag?: string;
}

export interface PersonOpts extends Look {
  /** Feet centre. */
  x: number;
  y: number;
  /** Height in pixels. */
  height: number;
  pose?: Pose;
  flip?: boolean;
  child?: boolean;
}

const shade = (d: string, opacity = 0.14) => h('path', { d, fill: C.purple, opacity });

/** Back-view hair, drawn over a head at (0, -91). */
function hairBack(style: HairStyle, color: string): string {
  switch (style) {
    case 'short':
      return h('path', {
        d: 'M-7.8 -90 Q-8.6 -100.5 0 -100.6 Q8.6 -100.5 7.8 -90 Q7.6 -85.4 4.8 -84.2 L-4.8 -84.2 Q-7.6 -85.4 -7.8 -90 Z',
        fill: color,
      });
    case 'bun':
      return g(
        {},
        h('circle', { cx: 0, cy: -101.5, r: 4.3, fill: color }),
        h('path', {
          d: 'M-7.8 -90 Q-8.6 -100.5 0 -100.6 Q8.6 -100.5 7.8 -90 Q7 -84 0 -83.6 Q-7 -84 -7.8 -90 Z',
          fill: color,
        }),
      );
    case 'long':
      return h('path', {
        d: 'M-8 -91 Q-8.8 -100.6 0 -100.8 Q8.8 -100.6 8 -91 L9.6 -74 Q0 -71.5 -9.6 -74 Z',
        fill: color,
      });
    case 'bob':
      return h('path', {
        d: 'M-8.4 -91 Q-9 -101 0 -101 Q9 -101 8.4 -91 L9 -82.5 Q0 -80.5 -9 -82.5 Z',
        fill: color,
      });
    case 'curly':
      return g(
        { fill: color },
        h('ellipse', { cx: 0, cy: -92, rx: 8.2, ry: 8.6 }),
        ...[
          [-5, -98, 4.2],
          [0, -100, 4.4],
          [5, -98, 4.2],
          [-6.6, -92, 4],
          [6.6, -92, 4],
          [-4.5, -87, 3.8],
          [4.5, -87, 3.8],
          [0, -89, 5],
        ].map(([cx, cy, r]) => h('circle', { cx, cy, r })),
      );
    case 'bald':
      return h('path', {
        d: 'M-7.6 -90 Q-7.8 -86 -4.5 -84.5 L4.5 -84.5 Q7.8 -86 7.6 -90 Z',
        fill: color,
      });
  }
}

function arm(path: string, color: string, handAt: [number, number], skin: string): string {
  return g(
    {},
    h('path', {
      d: path,
      fill: 'none',
      stroke: color,
      'stroke-width': 5.6,
      'stroke-linecap': 'round',
      'stroke-linejoin': 'round',
    }),
    h('circle', { cx: handAt[0], cy: handAt[1], r: 2.6, fill: skin }),
  );
}

/**
 * A visitor seen from behind (faceless, as editorial illustrations do), 100 units tall
 * in its own coordinates, feet on y = 0.
 */
export function person(o: PersonOpts): string {
  const { skin, hair, hairStyle, top, bottom, shoes = C.ink, pose = 'stand' } = o;
  const parts: string[] = [];
  // Legs.
  if (o.skirt) {
    parts.push(
      h('path', {
        d: 'M-7.5 -30 L-8 -3 L-3 -3 L-2.2 -30 Z M2.2 -30 L3 -3 L8 -3 L7.5 -30 Z',
        fill: C.ink,
        opacity: 0.85,
      }),
      h('path', { d: 'M-11.5 -47 L11.5 -47 L14.5 -25 Q0 -22.5 -14.5 -25 Z', fill: bottom }),
    );
  } else {
    parts.push(
      h('path', {
        d: 'M-11.2 -47 L-0.6 -47 L-1.2 -3 L-9.4 -3 Z M0.6 -47 L11.2 -47 L9.4 -3 L1.2 -3 Z',
        fill: bottom,
      }),
      shade('M0.6 -47 L11.2 -47 L9.4 -3 L5.5 -3 Z', 0.12),
    );
  }
  parts.push(
    h('path', {
      d: 'M-10.4 -4 h8.8 a1.8 1.8 0 0 1 1.8 1.8 v1.8 h-11.4 v-1.2 a2.4 2.4 0 0 1 0.8 -2.4 Z M1.6 -4 h8.8 a2.4 2.4 0 0 1 0.8 2.4 v1.2 h-11.4 v-1.8 a1.8 1.8 0 0 1 1.8 -1.8 Z',
      fill: shoes,
    }),
  );
  // Arms behind the body for the raised poses are drawn after the torso.
  const hang = (side: 1 | -1) =>
    arm(`M${side * 11.5} -76 Q${side * 15} -62 ${side * 14} -49`, top, [side * 14, -47.5], skin);
  const armsBefore: string[] = [];
  const armsAfter: string[] = [];
  switch (pose) {
    case 'stand':
      armsBefore.push(hang(-1), hang(1));
      break;
    case 'hip':
      armsBefore.push(hang(-1));
      armsAfter.push(arm('M11.5 -76 Q19 -66 12 -55', top, [11.5, -54], skin));
      break;
    case 'phone':
      armsBefore.push(hang(-1));
      armsAfter.push(
        arm('M11 -76 Q19.5 -68 13.5 -78', top, [12.8, -79.5], skin),
        h('rect', { x: 9.5, y: -91, width: 7, height: 11.5, rx: 1.4, fill: C.ink }),
        h('rect', {
          x: 10.4,
          y: -90,
          width: 5.2,
          height: 9.4,
          rx: 0.8,
          fill: C.seaPale,
          opacity: 0.9,
        }),
      );
      break;
    case 'hold':
      armsBefore.push(hang(-1));
      armsAfter.push(arm('M11 -76 Q19.5 -68 13.5 -78', top, [12.8, -79.5], skin));
      break;
    case 'point':
      armsBefore.push(hang(-1));
      armsAfter.push(arm('M11 -77 Q20 -88 25 -104', top, [25.6, -106], skin));
      break;
    case 'hand':
      armsBefore.push(hang(1), arm('M-11.5 -76 Q-18 -62 -22 -52', top, [-22.5, -50.5], skin));
      break;
  }
  parts.push(...armsBefore);
  // Torso, with a shaded right side and a collar.
  parts.push(
    h('path', {
      d: 'M-8.5 -81.5 L8.5 -81.5 Q14.2 -81.5 14 -75 L12.2 -44.5 L-12.2 -44.5 L-14 -75 Q-14.2 -81.5 -8.5 -81.5 Z',
      fill: top,
    }),
    shade('M3 -81.5 L8.5 -81.5 Q14.2 -81.5 14 -75 L12.2 -44.5 L4 -44.5 Z', 0.1),
    h('rect', { x: -3, y: -86, width: 6, height: 5.5, fill: skin }),
    h('path', {
      d: 'M-5 -81.8 Q0 -79.6 5 -81.8 L5 -80 Q0 -77.8 -5 -80 Z',
      fill: C.purple,
      opacity: 0.12,
    }),
  );
  if (o.bag) {
    parts.push(
      h('path', { d: 'M-9 -81 L11 -52', stroke: C.ink, 'stroke-width': 1.2, opacity: 0.6 }),
      h('rect', { x: 7, y: -56, width: 10, height: 9, rx: 1.6, fill: o.bag }),
    );
  }
  // Head: a child's is larger in proportion.
  const headScale = o.child ? 1.22 : 1;
  parts.push(
    g(
      {
        transform:
          headScale === 1 ? undefined : `translate(0 -84) scale(${headScale}) translate(0 84)`,
      },
      h('ellipse', { cx: 0, cy: -91.5, rx: 7.4, ry: 8.6, fill: skin }),
      h('ellipse', { cx: -7.4, cy: -90.5, rx: 1.3, ry: 2.2, fill: skin }),
      h('ellipse', { cx: 7.4, cy: -90.5, rx: 1.3, ry: 2.2, fill: skin }),
      hairBack(hairStyle, hair),
    ),
  );
  parts.push(...armsAfter);
  const s = o.height / 100;
  const flip = o.flip ? ' scale(-1 1)' : '';
  return g({ transform: tf(o.x, o.y, s) + flip }, ...parts);
}
