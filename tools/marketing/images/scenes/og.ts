import { articleScreen, logo, phone } from '../kit/devices.ts';
import { C, SANS, SERIF } from '../kit/palette.ts';
import { type Painter, painter } from '../kit/objects.ts';
import { miniPic, type PicKind } from '../kit/panels.ts';
import { bars, g, h, Ids, n, pill, qr, radial, type Scene, svgDoc, text } from '../kit/svg.ts';

const W = 1200;
const H = 630;

type Lang = 'fr' | 'en';

/** The shared layout: logo and wordmark, the title, language chips; `art` on the right. */
function ogCard(lang: Lang, title: readonly string[], art: (p: Painter) => string): Scene {
  const p = painter(new Ids());
  const glowId = p.ids.next('og');
  p.defs.push(
    radial(
      glowId,
      [
        [0, C.mauve, 0.9],
        [0.6, C.plum, 0.5],
        [1, C.purple, 0],
      ],
      { cx: 0.78, cy: 0.5, r: 0.6 },
    ),
  );
  const size = title.length > 1 ? 54 : 64;
  const top = title.length > 1 ? 300 : 340;
  const body = [
    h('rect', { width: W, height: H, fill: C.purple }),
    h('rect', { width: W, height: H, fill: `url(#${glowId})` }),
    h('circle', { cx: 930, cy: 315, r: 250, fill: C.accent, opacity: 0.12 }),
    h('circle', { cx: 930, cy: 315, r: 175, fill: C.accent, opacity: 0.1 }),
    h('rect', {
      x: 77,
      y: 71,
      width: 70,
      height: 70,
      rx: 18,
      fill: C.plum,
      stroke: C.paper,
      'stroke-opacity': 0.22,
      'stroke-width': 2,
    }),
    logo(80, 74, 64),
    text(162, 124, 'Legenda', { size: 50, font: SERIF, fill: C.paper, 'letter-spacing': 0.5 }),
    ...title.map((line, i) =>
      text(80, top + i * size * 1.18, line, {
        size,
        font: SERIF,
        fill: C.paper,
        'font-weight': 700,
      }),
    ),
    h('rect', {
      x: 82,
      y: top + (title.length - 1) * size * 1.18 + 34,
      width: 96,
      height: 6,
      rx: 3,
      fill: C.accent,
    }),
    ...['FR', 'EN', 'ES', 'DE', '+100'].map((label, i) =>
      g(
        {},
        pill(80 + i * 78, 530, 68, 34, label.toLowerCase() === lang ? C.accent : C.plum),
        text(114 + i * 78, 553, label, {
          size: 16,
          font: SANS,
          fill: C.paper,
          'text-anchor': 'middle',
          'font-weight': 700,
        }),
      ),
    ),
    art(p),
  ];
  return svgDoc(W, H, p.defs.join(''), body.join(''), { grain: 0.3 });
}

/** A phone showing an article, in front of the panel's QR code that led to it. */
function phoneAndCode(lang: Lang): (p: Painter) => string {
  return (p) =>
    [
      g(
        { transform: 'translate(755 190) rotate(-6)' },
        g(
          { filter: 'url(#shadow)' },
          h('rect', { width: 190, height: 230, rx: 10, fill: C.paper }),
        ),
        qr('Legenda · panneau 13', 25, 22, 140, { quiet: 1 }),
        text(95, 206, '13', {
          size: 26,
          font: SERIF,
          fill: C.purple,
          'text-anchor': 'middle',
          'font-weight': 700,
        }),
      ),
      phone(p, {
        x: 1010,
        y: 330,
        w: 210,
        rot: 6,
        screen: articleScreen({
          lang: lang === 'fr' ? 'EN' : 'FR',
          seed: 5,
          picture: (pp, w, hh) => miniPic(pp, 'harbour', w, hh),
        }),
      }),
    ].join('');
}

/** A calendar card with a day chosen and time slots, for booking a demo. */
function calendar(_lang: Lang): (p: Painter) => string {
  return () => {
    const x = 760;
    const y = 120;
    const w = 360;
    const cells: string[] = [];
    for (let i = 0; i < 35; i++) {
      const cx = x + 30 + (i % 7) * 44;
      const cy = y + 110 + Math.floor(i / 7) * 40;
      const chosen = i === 17;
      const off = i % 7 > 4;
      cells.push(
        h('rect', {
          x: cx,
          y: cy,
          width: 32,
          height: 28,
          rx: 8,
          fill: chosen ? C.accent : off ? C.sand : C.sandLight,
        }),
      );
    }
    return g(
      { transform: `rotate(-4 ${x + w / 2} ${y + 200})` },
      g(
        { filter: 'url(#shadow)' },
        h('rect', { x, y, width: w, height: 400, rx: 14, fill: C.paper }),
      ),
      h('path', {
        d: `M${x} ${y + 14} a14 14 0 0 1 14 -14 h${w - 28} a14 14 0 0 1 14 14 v56 h-${w} Z`,
        fill: C.accent,
      }),
      bars(x + 30, y + 28, 150, 1, { h: 14, fill: C.paper, last: 1 }),
      ...[0, 1].map((i) =>
        h('rect', { x: x + 90 + i * 160, y: y - 14, width: 14, height: 34, rx: 7, fill: C.plum }),
      ),
      ...cells,
      ...[0, 1, 2].map((i) => pill(x + 30 + i * 104, y + 326, 92, 34, i === 1 ? C.purple : C.rose)),
      h('path', {
        d: `M${n(x + 30 + 104 + 34)} ${y + 343} l9 9 l18 -18`,
        fill: 'none',
        stroke: C.paper,
        'stroke-width': 4,
        'stroke-linecap': 'round',
        'stroke-linejoin': 'round',
      }),
    );
  };
}

/** Three article cards fanned out, like the blog's list. */
function articleCards(_lang: Lang): (p: Painter) => string {
  return (p) => {
    const cards: [number, number, number, PicKind][] = [
      [700, 150, -9, 'lighthouse'],
      [810, 120, 0, 'ship'],
      [920, 150, 9, 'map'],
    ];
    return cards
      .map(([x, y, rot, pic], i) =>
        g(
          { transform: `rotate(${rot} ${x + 110} ${y + 350})` },
          g(
            { filter: 'url(#shadow)' },
            h('rect', { x, y, width: 220, height: 300, rx: 12, fill: C.paper }),
          ),
          g({ transform: `translate(${x + 14} ${y + 14})` }, miniPic(p, pic, 192, 130)),
          bars(x + 16, y + 164, 170, 2, { h: 12, gap: 9, fill: C.purple, seed: i + 2, last: 0.6 }),
          bars(x + 16, y + 222, 188, 4, { h: 7, gap: 8, seed: i + 9 }),
        ),
      )
      .join('');
  };
}

const TITLES = {
  home: {
    fr: ['Vos articles dans la langue', 'de chaque visiteur'],
    en: ['Your museum’s texts in', 'every visitor’s language'],
  },
  contact: { fr: ['Contact —', 'Réserver une démo'], en: ['Contact —', 'Book a demo'] },
  blog: { fr: ['Le blog de Legenda'], en: ['The Legenda blog'] },
} as const;

const ART = { home: phoneAndCode, contact: calendar, blog: articleCards } as const;

/** The Open Graph images, 1200 × 630, by file name (page-lang). */
export const OG_IMAGES: Record<string, () => Scene> = Object.fromEntries(
  (Object.keys(TITLES) as (keyof typeof TITLES)[]).flatMap((page) =>
    (['fr', 'en'] as const).map((lang) => [
      `${page}-${lang}`,
      () => ogCard(lang, TITLES[page][lang], ART[page](lang)),
    ]),
  ),
);
