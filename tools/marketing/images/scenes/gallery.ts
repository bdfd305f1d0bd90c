import { C, HAIRS, SKINS } from '../kit/palette.ts';
import { painter } from '../kit/objects.ts';
import { panel, type PicKind } from '../kit/panels.ts';
import { person } from '../kit/people.ts';
import { bench, floorShadow, spot, wallAndFloor } from '../kit/room.ts';
import { g, h, Ids, type Scene, svgDoc } from '../kit/svg.ts';

const W = 1600;
const H = 1067;

/** A gallery wall with a row of numbered panels, visitors, a bench. */
export function gallery(): Scene {
  const p = painter(new Ids());
  const floorY = 760;
  const row: { num: number; pic: PicKind; accent: string }[] = [
    { num: 4, pic: 'map', accent: C.sea },
    { num: 5, pic: 'ship', accent: C.purple },
    { num: 6, pic: 'harbour', accent: C.terra },
    { num: 7, pic: 'portrait', accent: C.purple },
    { num: 8, pic: 'lighthouse', accent: C.sea },
  ];
  const pw = 210;
  const gap = 300;
  const x0 = W / 2 - gap * 2 - pw / 2;
  const body = [
    wallAndFloor(p, { w: W, h: H, floorY }),
    ...row.map((_, i) => spot(p, x0 + i * gap + pw / 2, 250, 190, 300, 0.55)),
    // The lighting track and its spots.
    h('rect', { y: 34, width: W, height: 10, fill: C.ink, opacity: 0.85 }),
    ...row.map((_, i) =>
      g(
        { transform: `translate(${x0 + i * gap + pw / 2 + 40} 44) rotate(20)` },
        h('rect', { x: -3, y: 0, width: 6, height: 26, fill: C.ink }),
        h('rect', { x: -14, y: 22, width: 28, height: 40, rx: 6, fill: C.ink }),
      ),
    ),
    ...row.map((r, i) =>
      panel(p, { x: x0 + i * gap, y: 230, w: pw, num: r.num, pic: r.pic, accent: r.accent }),
    ),
    bench(W / 2, 905, 330),
    floorShadow(352, 990, 70),
    floorShadow(460, 958, 50),
    person({
      x: 352,
      y: 990,
      height: 560,
      skin: SKINS[1],
      hair: HAIRS[0],
      hairStyle: 'bun',
      top: C.terra,
      bottom: C.seaDark,
      pose: 'hand',
      bag: C.purple,
    }),
    person({
      x: 460,
      y: 958,
      height: 340,
      skin: SKINS[1],
      hair: HAIRS[0],
      hairStyle: 'curly',
      top: C.sea,
      bottom: C.purple,
      pose: 'point',
      child: true,
    }),
    floorShadow(1205, 985, 70),
    person({
      x: 1205,
      y: 985,
      height: 575,
      skin: SKINS[3],
      hair: HAIRS[4],
      hairStyle: 'short',
      top: C.plum,
      bottom: C.sandDeep,
      pose: 'phone',
    }),
  ];
  return svgDoc(W, H, p.defs.join(''), body.join(''), { mottle: 0.5 });
}
