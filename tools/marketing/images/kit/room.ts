import { C } from './palette.ts';
import { type Painter } from './objects.ts';
import { g, h, linear, n, radial } from './svg.ts';

/** A gallery wall above a floor whose boards run towards a vanishing point. */
export function wallAndFloor(
  p: Painter,
  o: {
    w: number;
    h: number;
    floorY: number;
    wall?: string;
    wallTop?: string;
    floor?: string;
    boards?: number;
  },
): string {
  const wallId = p.ids.next('wall');
  const floorId = p.ids.next('floor');
  p.defs.push(
    linear(wallId, [
      [0, o.wallTop ?? C.sandDark],
      [0.45, o.wall ?? C.sand],
      [1, o.wall ?? C.sand],
    ]),
    linear(floorId, [
      [0, C.sandDeep],
      [1, o.floor ?? C.wood],
    ]),
  );
  const vx = o.w / 2;
  const vy = o.floorY - (o.h - o.floorY) * 1.6;
  const boards = o.boards ?? 22;
  let d = '';
  for (let i = 0; i <= boards; i++) {
    const bx = -o.w * 0.6 + (i * o.w * 2.2) / boards;
    const t = (o.floorY - vy) / (o.h - vy);
    d += `M${n(vx + (bx - vx) * t)} ${n(o.floorY)}L${n(bx)} ${n(o.h)}`;
  }
  return g(
    {},
    h('rect', { width: o.w, height: o.floorY, fill: `url(#${wallId})` }),
    h('rect', { y: o.floorY, width: o.w, height: o.h - o.floorY, fill: `url(#${floorId})` }),
    h('path', { d, stroke: C.woodDark, 'stroke-width': 1.5, opacity: 0.35 }),
    h('rect', { y: o.floorY - 14, width: o.w, height: 14, fill: C.sandDeep }),
    h('rect', { y: o.floorY - 14, width: o.w, height: 3, fill: C.paper, opacity: 0.35 }),
  );
}

/** A pool of light thrown on a wall by a ceiling spot. */
export function spot(
  p: Painter,
  x: number,
  y: number,
  rx: number,
  ry: number,
  strength = 0.5,
): string {
  const id = p.ids.next('spot');
  p.defs.push(
    radial(id, [
      [0, '#fffaf0', strength],
      [0.6, '#fffaf0', strength * 0.35],
      [1, '#fffaf0', 0],
    ]),
  );
  return h('ellipse', { cx: x, cy: y, rx, ry, fill: `url(#${id})` });
}

/** A soft shadow on the floor under feet or furniture. */
export const floorShadow = (
  x: number,
  y: number,
  rx: number,
  ry = rx * 0.18,
  opacity = 0.18,
): string => h('ellipse', { cx: x, cy: y, rx, ry, fill: C.purple, opacity, filter: 'url(#blur8)' });

/** A gallery bench: a cushion on two legs; (x, y) is the floor under its centre. */
export function bench(x: number, y: number, w: number): string {
  const u = w / 100;
  return g(
    {},
    floorShadow(x, y, w * 0.6, u * 5, 0.25),
    h('rect', { x: x - u * 44, y: y - u * 26, width: u * 6, height: u * 26, fill: C.woodDark }),
    h('rect', { x: x + u * 38, y: y - u * 26, width: u * 6, height: u * 26, fill: C.woodDark }),
    h('rect', {
      x: x - u * 50,
      y: y - u * 32,
      width: u * 100,
      height: u * 8,
      rx: u * 2,
      fill: C.wood,
    }),
    h('rect', {
      x: x - u * 48,
      y: y - u * 42,
      width: u * 96,
      height: u * 11,
      rx: u * 4,
      fill: C.plum,
    }),
    h('rect', {
      x: x - u * 46,
      y: y - u * 41,
      width: u * 92,
      height: u * 3,
      rx: u * 1.5,
      fill: C.paper,
      opacity: 0.12,
    }),
  );
}
