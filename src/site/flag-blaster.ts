/**
 * What the flag bursts' page script (FlagBurst.astro) decides on the page's thread: which blaster
 * (a wide screen, a narrow one, or an iPhone's or iPad's under 720 px), how many flags each of its
 * four bursts has, and when each starts. Kept apart from the flights' planning (flag-burst.ts),
 * which the worker runs: the page's script then carries only these few lines.
 */

export const NARROW_BELOW_PX = 720;

export type BlasterKind = 'desktop' | 'narrow' | 'ios-narrow';

const COUNTS: Record<BlasterKind, readonly number[]> = {
  desktop: [35, 35, 50, 50],
  narrow: [15, 15, 20, 20],
  'ios-narrow': [15, 15, 20, 20],
};

/** When each burst starts after the first: 450, 550 then 650 ms apart. */
export const BURST_OFFSETS_MS: readonly number[] = [0, 450, 1000, 1650];

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
