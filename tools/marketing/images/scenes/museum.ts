import { articleScreen, hand, languageScreen, phone, scannerScreen } from '../kit/devices.ts';
import { C, HAIRS, SANS, SKINS } from '../kit/palette.ts';
import { painter, type Painter } from '../kit/objects.ts';
import { miniPic, panel } from '../kit/panels.ts';
import { person } from '../kit/people.ts';
import { floorShadow, spot, wallAndFloor } from '../kit/room.ts';
import { g, h, Ids, linear, n, type Scene, svgDoc, text } from '../kit/svg.ts';

const W = 1600;
const H = 1067;

/** A visitor's view: their hand holds the phone up to a panel, the phone frames its code. */
export function scanning(): Scene {
  const p = painter(new Ids());
  const grip = hand(330, SKINS[1], C.sea);
  const body = [
    wallAndFloor(p, { w: W, h: H, floorY: 980 }),
    spot(p, 560, 300, 420, 560, 0.6),
    panel(p, { x: 320, y: 110, w: 480, num: 9, pic: 'ship', accent: C.terra }),
    panel(p, { x: -300, y: 150, w: 380, num: 8, pic: 'lighthouse', accent: C.sea }),
    phone(p, {
      x: 1130,
      y: 560,
      w: 330,
      rot: -7,
      screen: scannerScreen('Legenda · panneau 9'),
      behind: grip.behind,
      front: grip.front,
    }),
  ];
  return svgDoc(W, H, p.defs.join(''), body.join(''), { mottle: 0.5 });
}

/** A speech bubble with a short label (a language's own name). */
function bubble(
  x: number,
  y: number,
  label: string,
  o: { size: number; fill: string; ink: string; tail?: 1 | -1 },
): string {
  const w = label.length * o.size * 0.62 + o.size * 1.8;
  const hh = o.size * 2.3;
  const tail = o.tail ?? 1;
  const tx = tail > 0 ? x + w * 0.22 : x + w * 0.72;
  return g(
    { filter: 'url(#shadowSm)' },
    h('rect', { x, y, width: w, height: hh, rx: hh / 2, fill: o.fill }),
    h('path', {
      d: `M${n(tx)} ${n(y + hh - 2)} l${n(-tail * o.size * 0.5)} ${n(o.size * 0.8)} l${n(tail * o.size * 1.1)} ${n(-o.size * 0.8)} Z`,
      fill: o.fill,
    }),
    text(x + w / 2, y + hh * 0.66, label, {
      size: o.size,
      font: SANS,
      fill: o.ink,
      'text-anchor': 'middle',
      'font-weight': 600,
    }),
  );
}

/** Language bubbles scattered around a point, in the palette's colours. */
export function languageBubbles(
  items: readonly [number, number, string, number][],
  unit: number,
): string {
  const styles = [
    { fill: C.purple, ink: C.paper },
    { fill: C.paper, ink: C.purple },
    { fill: C.terra, ink: C.paper },
    { fill: C.sea, ink: C.paper },
    { fill: C.rose, ink: C.purple },
    { fill: C.sand, ink: C.purple },
  ];
  return items
    .map(([x, y, label, style], i) => {
      const s = styles[style % styles.length] ?? styles[0]!;
      return bubble(x, y, label, { size: unit, ...s, tail: i % 2 ? 1 : -1 });
    })
    .join('');
}

const backdrop = (p: Painter, from: string, to: string): string => {
  const id = p.ids.next('bg');
  p.defs.push(
    linear(
      id,
      [
        [0, from],
        [1, to],
      ],
      { x1: 0, y1: 0, x2: 1, y2: 1 },
    ),
  );
  return h('rect', { width: W, height: H, fill: `url(#${id})` });
};

/** A phone showing the language picker, surrounded by languages in their own names. */
export function languagePhone(): Scene {
  const p = painter(new Ids());
  const langs = [
    'Français',
    'English',
    'Español',
    'Deutsch',
    'Italiano',
    'Português',
    'Nederlands',
    'Polski',
  ];
  const body = [
    backdrop(p, C.sandLight, C.sand),
    h('circle', { cx: 800, cy: 560, r: 420, fill: C.rose, opacity: 0.45 }),
    h('circle', { cx: 800, cy: 560, r: 300, fill: C.paper, opacity: 0.5 }),
    phone(p, { x: 800, y: 545, w: 330, rot: -3, screen: languageScreen(langs, 2) }),
    languageBubbles(
      [
        [250, 180, 'Brezhoneg', 0],
        [390, 360, 'Ελληνικά', 2],
        [190, 540, 'العربية', 3],
        [330, 720, 'Malagasy', 4],
        [200, 870, 'Svenska', 1],
        [1080, 150, 'Guaraní', 3],
        [1130, 330, 'Русский', 4],
        [1230, 500, 'Shqip', 0],
        [1080, 680, 'Türkçe', 1],
        [1190, 860, 'Українська', 2],
        [560, 950, 'Tiếng Việt', 5],
      ],
      30,
    ),
  ];
  return svgDoc(W, H, p.defs.join(''), body.join(''), { mottle: 0.4 });
}

/** Close-up of panel 13 on its wall, and the article it leads to on a phone. */
export function panelCloseUp(): Scene {
  const p = painter(new Ids());
  const pw = 520;
  const px = 300;
  const py = 120;
  const ph = pw * 1.55;
  const qrS = pw * 0.3;
  const qx = px + pw - qrS - pw * 0.07;
  const qy = py + ph - qrS - pw * 0.06;
  const body = [
    wallAndFloor(p, { w: W, h: H, floorY: 1200 }),
    spot(p, px + pw / 2, py + 200, 520, 620, 0.55),
    panel(p, {
      x: px,
      y: py,
      w: pw,
      h: ph,
      num: 13,
      pic: 'harbour',
      accent: C.purple,
      chips: ['FR', 'EN', 'ES', '+100'],
    }),
    h('path', {
      d: `M${n(qx + qrS + 30)} ${n(qy + qrS / 2)} C ${n(qx + qrS + 200)} ${n(qy + qrS / 2)} 1000 740 1060 640`,
      fill: 'none',
      stroke: C.accent,
      'stroke-width': 5,
      'stroke-dasharray': '4 14',
      'stroke-linecap': 'round',
    }),
    phone(p, {
      x: 1200,
      y: 520,
      w: 300,
      rot: 6,
      screen: articleScreen({
        lang: 'EN',
        seed: 13,
        picture: (pp, w, hh) => miniPic(pp, 'harbour', w, hh),
      }),
    }),
  ];
  return svgDoc(W, H, p.defs.join(''), body.join(''), { mottle: 0.5 });
}

/** A family reading a panel together, the child pointing, one parent with a phone. */
export function family(): Scene {
  const p = painter(new Ids());
  const floorY = 780;
  const body = [
    wallAndFloor(p, { w: W, h: H, floorY, wall: C.seaPale, wallTop: C.seaLight }),
    spot(p, 800, 260, 300, 420, 0.6),
    panel(p, { x: 640, y: 190, w: 320, num: 11, pic: 'anchor', accent: C.sea }),
    panel(p, { x: -120, y: 230, w: 240, num: 10, pic: 'boat', accent: C.terra }),
    panel(p, { x: 1480, y: 230, w: 240, num: 12, pic: 'map', accent: C.purple }),
    floorShadow(620, 1010, 80),
    floorShadow(805, 985, 55),
    floorShadow(990, 1015, 80),
    person({
      x: 620,
      y: 1010,
      height: 600,
      skin: SKINS[2],
      hair: HAIRS[0],
      hairStyle: 'long',
      top: C.purple,
      bottom: C.sandDeep,
      skirt: true,
      pose: 'stand',
    }),
    person({
      x: 805,
      y: 985,
      height: 360,
      skin: SKINS[2],
      hair: HAIRS[0],
      hairStyle: 'short',
      top: C.terra,
      bottom: C.seaDark,
      pose: 'point',
      child: true,
    }),
    person({
      x: 990,
      y: 1015,
      height: 630,
      skin: SKINS[4],
      hair: HAIRS[1],
      hairStyle: 'short',
      top: C.sea,
      bottom: C.ink,
      pose: 'phone',
      bag: C.sandDeep,
    }),
  ];
  return svgDoc(W, H, p.defs.join(''), body.join(''), { mottle: 0.5 });
}
