import type { EmojiBlastSettings } from 'emoji-blast';
import { FLAGS } from './flags.ts';

/**
 * The flag bursts of the landing and contact pages (spec 2): four bursts of 35, 35, 50 and 50
 * flags, 15, 15, 20 and 20 below 720 px, font size 21 to 42, a blaster of its own for iPhones
 * and iPads under 720 px. The page's script (FlagBurst.astro) picks the blaster and fires.
 */

/** The class of every flag element; astro.config.mjs allows emoji-blast's <style> for it. */
export const FLAG_CLASS = 'flag-burst__flag';

export const NARROW_BELOW_PX = 720;

export type BlasterKind = 'desktop' | 'narrow' | 'ios-narrow';

const COUNTS: Record<BlasterKind, readonly number[]> = {
  desktop: [35, 35, 50, 50],
  narrow: [15, 15, 20, 20],
  'ios-narrow': [15, 15, 20, 20],
};

/** When each burst starts after the first: 450, 550 then 650 ms apart. */
export const BURST_OFFSETS_MS: readonly number[] = [0, 450, 1000, 1650];

export const FONT_SIZE = { min: 21, max: 42 } as const;

export interface NavigatorLike {
  userAgent: string;
  platform: string;
  maxTouchPoints: number;
}

/** iPhone, iPod, or an iPad (whose Safari says "Macintosh" but has a touch screen). */
export function isIOS(nav: NavigatorLike): boolean {
  return (
    /\b(iPhone|iPad|iPod)\b/.test(nav.userAgent) ||
    (nav.platform === 'MacIntel' && nav.maxTouchPoints > 1)
  );
}

export function blasterKind(width: number, ios: boolean): BlasterKind {
  if (width >= NARROW_BELOW_PX) return 'desktop';
  return ios ? 'ios-narrow' : 'narrow';
}

export function burstCounts(kind: BlasterKind): readonly number[] {
  return COUNTS[kind];
}

export interface ViewportLike {
  innerWidth: number;
  innerHeight: number;
  visualViewport?: { offsetLeft: number; offsetTop: number; width: number; height: number } | null;
}

/**
 * emoji-blast's settings for one burst of `count` flags into `container`. `onFlag` runs for
 * each flag element before it is added: it is taken out of the tab order (emoji-blast makes
 * buttons) and hidden from screen readers, like its container.
 *
 * The iOS blaster (narrow iPhones and iPads): mobile Safari's toolbars grow and shrink while
 * the page loads and scrolls, so the layout viewport emoji-blast places flags in (innerWidth,
 * innerHeight) is not what the visitor sees; flags are placed in the visual viewport instead.
 * Safari also rasterises every colour-emoji glyph at every size it draws into a bitmap of its
 * own: a burst uses at most 12 different flags, slower sideways (a narrow screen keeps them in
 * view) and fading out (each flag lives fewer frames), which keeps older iPhones smooth.
 */
export function blastSettings(
  kind: BlasterKind,
  container: HTMLElement,
  count: number,
  onFlag: (element: Element) => void,
  viewport: ViewportLike,
): Partial<EmojiBlastSettings> {
  const process = (element: Element) => {
    element.setAttribute('tabindex', '-1');
    element.setAttribute('aria-hidden', 'true');
    onFlag(element);
  };
  const common = {
    className: FLAG_CLASS,
    container,
    emojiCount: count,
    emojis: [...FLAGS],
    process,
  };
  if (kind !== 'ios-narrow') {
    return { ...common, physics: { fontSize: FONT_SIZE } };
  }
  return {
    ...common,
    uniqueness: 12,
    position: () => {
      const visible = viewport.visualViewport ?? {
        offsetLeft: 0,
        offsetTop: 0,
        width: viewport.innerWidth,
        height: viewport.innerHeight,
      };
      return {
        x: visible.offsetLeft + Math.random() * visible.width,
        y: visible.offsetTop + Math.random() * visible.height,
      };
    },
    physics: {
      fontSize: FONT_SIZE,
      opacityDecay: 25,
      initialVelocities: {
        rotation: { min: -5, max: 5 },
        x: { min: -4, max: 4 },
        y: { min: -18, max: -7 },
      },
    },
  };
}
