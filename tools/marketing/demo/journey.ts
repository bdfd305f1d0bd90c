import type { Locator, Page } from '@playwright/test';

/**
 * What the visitor of the demo video does, at a pace a viewer can follow: on the language picker
 * of /r/{code}, search a language, pick it, read the translated article while it scrolls slowly,
 * open the accordion and read on to the end. Taps show a touch mark, as phone screen recordings
 * do. The visitor page runs no script of its own (its CSP); these run through the DevTools
 * protocol, which the page's CSP does not govern.
 */

export interface Journey {
  /** The landing page's language: the phone's, and so the picker's. */
  lang: 'fr' | 'en';
  /** The browser's locale (its Accept-Language). */
  locale: string;
  /** Typed into the picker's search, as a visitor would. */
  search: string;
  /** The native name of the language picked, as the picker lists it. */
  pick: string;
  /** Its code, for the address the pick leads to. */
  target: string;
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A touch mark where the finger lands, then the tap itself: at the middle of `target`, or, with
 * `atStart`, over its first words (a full-width row is tapped on its text, as people do).
 */
async function tap(page: Page, target: Locator, atStart = false): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error(`Nothing to tap: ${String(target)}`);
  const x = box.x + (atStart ? Math.min(box.width / 2, 70) : box.width / 2);
  const y = box.y + box.height / 2;
  await page.evaluate(
    ({ left, top }) => {
      const mark = document.createElement('div');
      mark.setAttribute('aria-hidden', 'true');
      mark.style.cssText =
        `position:fixed;left:${left - 24}px;top:${top - 24}px;width:48px;height:48px;` +
        'border-radius:50%;background:rgba(255,255,255,.5);border:2px solid rgba(0,0,0,.35);' +
        'z-index:2147483647;pointer-events:none;transform:scale(.5);opacity:0;' +
        'transition:transform .22s ease-out,opacity .22s ease-out';
      document.body.append(mark);
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          mark.style.transform = 'scale(1)';
          mark.style.opacity = '1';
        }),
      );
      setTimeout(() => (mark.style.opacity = '0'), 520);
      setTimeout(() => mark.remove(), 800);
    },
    { left: x, top: y },
  );
  await pause(300);
  await page.touchscreen.tap(x, y);
}

/** Scrolls by `dy` pixels over `ms`, eased, like a slow swipe. */
async function glide(page: Page, dy: number, ms: number): Promise<void> {
  await page.evaluate(
    ({ distance, duration }) =>
      new Promise<void>((resolve) => {
        const start = window.scrollY;
        const t0 = performance.now();
        const ease = (t: number) => (t < 0.5 ? 2 * t * t : 1 - (-2 * t + 2) ** 2 / 2);
        const step = (now: number) => {
          const p = Math.min(1, (now - t0) / duration);
          window.scrollTo(0, start + distance * ease(p));
          if (p < 1) requestAnimationFrame(step);
          else resolve();
        };
        requestAnimationFrame(step);
      }),
    { distance: dy, duration: ms },
  );
}

/** How far the page can still scroll down. */
const remaining = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollHeight - window.innerHeight - window.scrollY);

/** Scroll distance that brings `target`'s top to `fraction` of the screen's height. */
async function distanceTo(page: Page, target: Locator, fraction: number): Promise<number> {
  const box = await target.boundingBox();
  const height = page.viewportSize()?.height ?? 844;
  return Math.max(0, Math.min(await remaining(page), (box?.y ?? 0) - height * fraction));
}

/** From the language picker (already on screen) to the end of the translated article. */
export async function walk(page: Page, journey: Journey): Promise<void> {
  await pause(1400);

  const search = page.locator('#q');
  await tap(page, search);
  await search.pressSequentially(journey.search, { delay: 120 });
  await pause(400);
  await tap(page, page.locator('.reader-search button[type="submit"]'));
  await page.waitForURL(/[?&]q=/);
  await page.waitForLoadState('load');
  await pause(1000);

  const choice = page
    .locator('.reader-choices .reader-choice', { hasText: new RegExp(`^${journey.pick}$`) })
    .last();
  await tap(page, choice);
  await page.waitForURL(new RegExp(`[?&]lang=${journey.target}(?:&|$)`));
  await page.locator('.reader-note').waitFor();
  await page.waitForLoadState('load');
  await pause(1800);

  // Down to the accordion when it is below the first screen, then open it and read on.
  const summary = page.locator('.reader-summary');
  const toSummary = await distanceTo(page, summary, 0.6);
  if (toSummary > 0) await glide(page, toSummary, 2400);
  await pause(400);
  await tap(page, summary, true);
  await pause(900);
  await glide(page, await remaining(page), 3200);
  await pause(1500);
}
