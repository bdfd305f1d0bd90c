import type { Page } from '@playwright/test';
import { PNG } from 'pngjs';
import {
  dict,
  expect,
  expectNoViolations,
  LANGS,
  recordScripts,
  test,
  topBar,
  url,
  visit,
  type Lang,
} from './fixtures.ts';
import { BURST_OFFSETS_MS } from '../../src/site/flag-blaster.ts';
import { FAKE_ENGINE_URL } from './settings.ts';

/**
 * The landing widgets (landing page, contact page, top bar): the
 * partner carousel and its full-size overlay, the flag bursts, the 'Book a demo' popup. No page
 * here may log a CSP violation.
 */

/** The e2e server's PUBLIC_BOOKING_URL (playwright.config.ts). */
const BOOKING_URL = `${FAKE_ENGINE_URL}/booking`;
const IPHONE_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

const cspErrors = new WeakMap<Page, string[]>();

// The widgets move: these tests see the page as a visitor who allows motion (the other specs
// run with reduced motion, playwright.config.ts); those about reduced motion ask for it.
test.use({ reducedMotion: 'no-preference' });

test.beforeEach(({ page }) => {
  const errors: string[] = [];
  cspErrors.set(page, errors);
  page.on('console', (message) => {
    if (/Content Security Policy|Refused to/i.test(message.text())) errors.push(message.text());
  });
});

test.afterEach(({ page }) => {
  expect(cspErrors.get(page) ?? []).toEqual([]);
});

/**
 * The carousel's and the booking popup's tests are not about the flag bursts (those are below):
 * the flag sprite is refused there, so the bursts draw nothing over the page (as when it cannot
 * be loaded); their flights took a quarter of these tests' processor time.
 */
async function withoutFlags({ page }: { page: Page }) {
  await page.route('**/flag-sprite*', (route) => route.abort());
}

// ---------------------------------------------------------------------------------------------
// Carousel

function carousel(page: Page, lang: Lang) {
  return page.getByRole('group', { name: dict[lang].landingWidgets.carouselLabel, exact: true });
}

/** Scrolls to the partner section (the island hydrates when visible) and waits for the strip. */
async function showCarousel(page: Page, lang: Lang) {
  await page.locator('#partner').scrollIntoViewIfNeeded();
  const strip = carousel(page, lang);
  await expect(strip.locator('.react-multi-carousel-item').first()).toBeAttached();
  return strip;
}

/** Slides wholly inside the strip, and slides cut by its edges (centre mode). */
async function slidesInView(page: Page) {
  return page.evaluate(() => {
    const list = document.querySelector('.react-multi-carousel-list')?.getBoundingClientRect();
    if (!list) return { whole: -1, cut: -1 };
    let whole = 0;
    let cut = 0;
    for (const slide of document.querySelectorAll('.react-multi-carousel-item')) {
      const box = slide.getBoundingClientRect();
      if (box.right <= list.left + 1 || box.left >= list.right - 1) continue;
      if (box.left >= list.left - 1 && box.right <= list.right + 1) whole += 1;
      else cut += 1;
    }
    return { whole, cut };
  });
}

/** The index of the first slide shown: it changes when the strip moves. */
function currentSlide(page: Page) {
  return page.evaluate(
    () =>
      document.querySelector('.react-multi-carousel-item--active')?.getAttribute('data-index') ??
      '',
  );
}

/**
 * currentSlide once the page has rendered what its timers did: React renders a state change in
 * a later task (a MessageChannel message, which Playwright's clock does not hold), so the check
 * waits for a message posted after it.
 */
async function settledSlide(page: Page) {
  await page.evaluate(
    () =>
      new Promise<void>((resolve) => {
        const channel = new MessageChannel();
        channel.port1.onmessage = () => resolve();
        channel.port2.postMessage(null);
      }),
  );
  return currentSlide(page);
}

test.describe('partner carousel', () => {
  test.beforeEach(withoutFlags);
  const sizes = [
    { width: 1280, whole: 3, cut: 2, center: true },
    { width: 800, whole: 1, cut: 0, center: false },
    { width: 400, whole: 1, cut: 0, center: false },
  ];
  // One page loads the landing page at each width in turn (a page of its own for each cost a
  // browser page and a first load of the site's scripts); the built page, without JavaScript,
  // is one more.
  test('shows 3 images at 1280 px (centre mode), 1 at 800 and at 400 px', async ({
    page,
    browser,
    baseURL,
  }) => {
    const built = await browser.newPage({ baseURL, javaScriptEnabled: false });
    const scripts = recordScripts(page);
    for (const { width, whole, cut, center } of sizes) {
      await test.step(`${width} px`, async () => {
        await page.setViewportSize({ width, height: 900 });
        scripts.clear();
        await visit(page, url('fr', '/'));
        // The top bar, toasts and 'Book a demo' are plain HTML and script: React comes with the
        // carousel, once it is scrolled into view.
        expect(await scripts.withReact()).toEqual([]);
        const strip = await showCarousel(page, 'fr');
        await expect.poll(() => scripts.withReact()).not.toEqual([]);
        await expect.poll(() => slidesInView(page)).toEqual({ whole, cut });
        await expect(strip).toHaveAttribute('data-center-mode', String(center));
        await expect(strip).toHaveClass(center ? /carousel--center/ : /^carousel$/);
        // Only the images in full view are in the tab order.
        await expect(strip.locator('.carousel__open:not([tabindex="-1"])')).toHaveCount(whole);

        // The built page reserves the strip's height: no shift when it appears.
        await built.setViewportSize({ width, height: 900 });
        await built.goto(url('fr', '/'));
        const reserved = await built.locator('.carousel').boundingBox();
        const drawn = await strip.boundingBox();
        expect(reserved?.height).toBeGreaterThan(100);
        expect(drawn?.height).toBe(reserved?.height);
      });
    }
    await built.close();
  });

  test('centre mode follows the window across 1080 px', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await visit(page, url('fr', '/'));
    const strip = await showCarousel(page, 'fr');
    await expect(strip).toHaveAttribute('data-center-mode', 'true');
    await page.setViewportSize({ width: 1080, height: 900 });
    await expect(strip).toHaveAttribute('data-center-mode', 'false');
    await expect.poll(() => slidesInView(page)).toEqual({ whole: 3, cut: 0 });
    await page.setViewportSize({ width: 1081, height: 900 });
    await expect(strip).toHaveAttribute('data-center-mode', 'true');
  });

  test('keeps Pause clear of the floating Book a demo, at 1280 and at 390 px', async ({ page }) => {
    for (const { width, height, lang } of [
      { width: 1280, height: 800, lang: 'fr' },
      { width: 1280, height: 800, lang: 'en' },
      { width: 390, height: 844, lang: 'fr' },
    ] as const) {
      await page.setViewportSize({ width, height });
      await visit(page, url(lang, '/'));
      const strip = await showCarousel(page, lang);
      const pause = strip.getByRole('button', { name: dict[lang].landingWidgets.pause });
      await expect(pause).toBeVisible();
      await expect(page.locator('.book-demo')).toBeVisible();
      // Pause scrolled up from the window's bottom edge, where the floating button sits, to the
      // middle of the window: where a visitor reaches for it. Side by side (from 480 px) they
      // never meet; on a phone, where Pause takes the whole width, it is clear once above it.
      const clash = await page.evaluate(() => {
        const button = document.querySelector<HTMLElement>('.carousel__toggle')!;
        const demo = document.querySelector<HTMLElement>('.book-demo')!.getBoundingClientRect();
        const top = button.getBoundingClientRect().top + window.scrollY;
        const found: string[] = [];
        for (let y = top - innerHeight + button.offsetHeight; y <= top - innerHeight / 2; y += 4) {
          window.scrollTo(0, y);
          const box = button.getBoundingClientRect();
          const meets =
            box.left < demo.right &&
            demo.left < box.right &&
            box.top < demo.bottom &&
            demo.top < box.bottom;
          if (innerWidth >= 480 && meets) found.push(`under it at ${Math.round(box.top)} px`);
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
          if (box.bottom <= demo.top && !button.contains(hit)) {
            found.push(`its centre covered at ${Math.round(box.top)} px`);
          }
        }
        return found;
      });
      expect(clash, `${width} px, ${lang}`).toEqual([]);
      await pause.scrollIntoViewIfNeeded();
      const centre = await pause.evaluate((button) => {
        const box = button.getBoundingClientRect();
        return button.contains(
          document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2),
        );
      });
      expect(centre, `${width} px, ${lang}`).toBe(true);
    }
  });

  test('plays every 2.4 s and stops on Pause, on hover and on keyboard focus', async ({ page }) => {
    const t = dict.fr.landingWidgets;
    // The page's timers run on Playwright's clock: time flows until the test stops it.
    await page.clock.install();
    await visit(page, url('fr', '/'));
    const strip = await showCarousel(page, 'fr');
    await page.mouse.move(0, 0);
    await expect(strip).toHaveAttribute('data-playing', 'true');

    // Pause (WCAG 2.2.2): ten seconds pass on a stopped clock and nothing moves...
    const pause = strip.getByRole('button', { name: t.pause, exact: true });
    await pause.click();
    await expect(strip).toHaveAttribute('data-playing', 'false');
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const paused = await currentSlide(page);
    await page.clock.runFor(10_000);
    expect(await settledSlide(page)).toBe(paused);
    // ...and Play moves it 2400 ms later, not sooner, then every 2400 ms: on this clock, a strip
    // that never plays fails here, so the still strip above was held by Pause.
    await strip.getByRole('button', { name: t.play, exact: true }).click();
    await expect(strip).toHaveAttribute('data-playing', 'true');
    await page.clock.runFor(2399);
    expect(await settledSlide(page)).toBe(paused);
    await page.clock.runFor(1);
    await expect.poll(() => currentSlide(page)).not.toBe(paused);
    const second = await currentSlide(page);
    await page.clock.runFor(2399);
    expect(await settledSlide(page)).toBe(second);
    await page.clock.runFor(1);
    await expect.poll(() => currentSlide(page)).not.toBe(second);

    // The pointer over the images holds them still.
    await strip.locator('.carousel__viewport').hover();
    await expect(strip).toHaveAttribute('data-playing', 'false');
    await page.mouse.move(0, 0);
    await expect(strip).toHaveAttribute('data-playing', 'true');

    // So does a keyboard focus on them (Shift+Tab from Pause reaches the next arrow).
    await strip.getByRole('button', { name: t.pause, exact: true }).focus();
    await page.keyboard.press('Shift+Tab');
    await expect(strip.getByRole('button', { name: t.next, exact: true })).toBeFocused();
    await expect(strip).toHaveAttribute('data-playing', 'false');
  });

  test('never plays when the visitor prefers reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    await page.clock.install();
    await visit(page, url('fr', '/'));
    const strip = await showCarousel(page, 'fr');
    await page.mouse.move(0, 0);
    await expect(strip).toHaveAttribute('data-playing', 'false');
    // Nothing moves, so there is nothing to pause.
    await expect(strip.getByRole('button', { name: dict.fr.landingWidgets.pause })).toHaveCount(0);
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const first = await currentSlide(page);
    await page.clock.runFor(10_000);
    expect(await settledSlide(page)).toBe(first);
    // The arrows still move it.
    await strip.getByRole('button', { name: dict.fr.landingWidgets.next, exact: true }).click();
    await expect.poll(() => currentSlide(page)).not.toBe(first);

    // The same page, clock and strip play once the preference goes: the ten still seconds above
    // were the preference's doing, not a strip that never plays.
    await page.mouse.move(0, 0);
    await page.emulateMedia({ reducedMotion: 'no-preference' });
    await expect(strip).toHaveAttribute('data-playing', 'true');
    const before = await currentSlide(page);
    await page.clock.runFor(2400);
    await expect.poll(() => currentSlide(page)).not.toBe(before);
  });

  // Both languages in one page, one after the other.
  test('a click opens the image full size; Escape closes it and focus returns (fr, en)', async ({
    page,
  }) => {
    for (const lang of LANGS) {
      const t = dict[lang].landingWidgets;
      await visit(page, url(lang, '/'));
      const strip = await showCarousel(page, lang);
      // Hold the strip still under the pointer, then open the first image in view.
      await strip.locator('.carousel__viewport').hover();
      await expect(strip).toHaveAttribute('data-playing', 'false');
      await expectNoViolations(page);

      const opener = strip.locator('.react-multi-carousel-item--active .carousel__open').first();
      const name = (await opener.getAttribute('aria-label')) ?? '';
      const alt = name.slice(name.indexOf(':') + 1).trim();
      expect(name).toBe(t.openImage.replace('{{alt}}', alt));
      const small = (await opener.locator('img').getAttribute('src')) ?? '';
      await expect(opener.locator('img')).toHaveAttribute('loading', 'lazy');
      await expect(opener.locator('img')).toHaveAttribute('width', /^\d+$/);
      await expect(opener.locator('img')).toHaveAttribute('height', /^\d+$/);
      await opener.click();

      const overlay = page.getByRole('dialog', { name: alt, exact: true });
      await expect(overlay).toBeVisible();
      const large = overlay.getByRole('img', { name: alt, exact: true });
      await expect(large).toHaveAttribute('src', small.replace(/-640(\.\w+)$/, '$1'));
      await expect
        .poll(() => large.evaluate((img: HTMLImageElement) => img.naturalWidth))
        .toBeGreaterThan(0);
      await expect(overlay.locator('figcaption')).toHaveText(alt);
      const close = overlay.getByRole('button', { name: t.close, exact: true });
      await expect(close).toBeFocused();
      // Open, it holds the strip still even when the pointer leaves.
      await page.mouse.move(0, 0);
      await expect(strip).toHaveAttribute('data-playing', 'false');
      await expectNoViolations(page);

      await page.keyboard.press('Escape');
      await expect(overlay).toHaveCount(0);
      await expect(opener).toBeFocused();

      // The close button and a click beside the image close it too.
      await opener.click();
      await close.click();
      await expect(overlay).toHaveCount(0);
      await expect(opener).toBeFocused();
      await opener.click();
      await expect(overlay).toBeVisible();
      await page.mouse.click(5, 5);
      await expect(overlay).toHaveCount(0);
    }
  });
});

// ---------------------------------------------------------------------------------------------
// Flag bursts

/**
 * Fires the four bursts and waits until they have; what the page recorded on <html>. The page's
 * clock (Playwright's, installed before each flag test) jumps over the 1.65 s between the first
 * burst and the last once the sprite is settled (the bursts wait for it), so the test does not
 * wait for them in real time; the flights themselves, drawn by the worker, take their real time.
 */
async function bursts(page: Page) {
  const html = page.locator('html');
  await expect(html).toHaveAttribute('data-flag-burst-sprite', /^(loaded|failed)$/, {
    timeout: 15_000,
  });
  await page.clock.runFor(BURST_OFFSETS_MS.at(-1) ?? 0);
  await expect(html).toHaveAttribute('data-flag-bursts', '4');
  return page.evaluate(() => ({ ...document.documentElement.dataset }));
}

/**
 * Pixels that differ between the window with the flags' canvas shown and hidden: everywhere, over
 * the text (marked data-no-flags, and every heading and paragraph), and between two hidden shots;
 * and among the first, the pixels of a flag's strong colours (clear red, blue, green), which
 * pictures of flags have and the empty boxes or letters that a system without a colour emoji font
 * draws for emoji flags (black on the canvas) have not.
 */
async function pixelsOfFlags(page: Page): Promise<{
  flags: number;
  onText: number;
  noise: number;
  colours: { red: number; blue: number; green: number };
}> {
  const canvas = page.locator('canvas.flag-burst');
  const text = await page.evaluate(() =>
    // What is marked, and every heading and paragraph of the page whether marked or not.
    [...document.querySelectorAll('[data-no-flags], main :is(h1, h2, h3, p)')].map((element) => {
      const box = element.getBoundingClientRect();
      return { left: box.left, top: box.top, right: box.right, bottom: box.bottom };
    }),
  );
  const shot = async (visibility: string) => {
    await canvas.evaluate((element, value) => {
      (element as HTMLElement).style.visibility = value;
    }, visibility);
    return PNG.sync.read(await page.screenshot({ animations: 'allow' }));
  };
  const shown = await shot('visible');
  const hidden = await shot('hidden');
  const hiddenAgain = await shot('hidden');
  await shot('visible');
  const differing = (a: PNG, b: PNG, onText = false) => {
    let count = 0;
    for (let i = 0; i < a.data.length; i += 4) {
      if (onText) {
        const [x, y] = [(i / 4) % a.width, Math.floor(i / 4 / a.width)];
        if (!text.some((r) => x >= r.left && x < r.right && y >= r.top && y < r.bottom)) continue;
      }
      const delta =
        Math.abs((a.data[i] ?? 0) - (b.data[i] ?? 0)) +
        Math.abs((a.data[i + 1] ?? 0) - (b.data[i + 1] ?? 0)) +
        Math.abs((a.data[i + 2] ?? 0) - (b.data[i + 2] ?? 0));
      if (delta > 60) count += 1;
    }
    return count;
  };
  const colours = { red: 0, blue: 0, green: 0 };
  for (let i = 0; i < shown.data.length; i += 4) {
    const [r, g, b] = [shown.data[i] ?? 0, shown.data[i + 1] ?? 0, shown.data[i + 2] ?? 0];
    const before = [hidden.data[i] ?? 0, hidden.data[i + 1] ?? 0, hidden.data[i + 2] ?? 0];
    if (Math.abs(r - before[0]!) + Math.abs(g - before[1]!) + Math.abs(b - before[2]!) <= 60) {
      continue;
    }
    if (r > 170 && g < 90 && b < 90) colours.red += 1;
    else if (b > 110 && r < 80 && b > g + 40) colours.blue += 1;
    else if (g > 100 && r < 90 && g > b + 30) colours.green += 1;
  }
  expect(text.length, 'text marked data-no-flags').toBeGreaterThan(0);
  return {
    flags: differing(shown, hidden),
    onText: differing(shown, hidden, true),
    noise: differing(hidden, hiddenAgain),
    colours,
  };
}

/**
 * Holds the flights drawn by the flag worker in the air: installed in the worker as soon as the
 * page starts it, it lets the worker draw until 300 ms after the last burst reached it (at least
 * one frame of it drawn), then keeps the next frames back, so the canvas shows the last burst
 * mid-flight (a flight lasts 1.6 s or more) however slow the machine; `release` lets them land.
 * Until the worker has it, the page keeps its bursts back (with the sprite cached, they can
 * reach the worker before Playwright does).
 */
async function holdWorkerFlights(page: Page, lastBurst = 4) {
  await page.addInitScript(() => {
    // Bursts carry no transferables: they are kept back as they are, anything else goes on.
    const post = Worker.prototype.postMessage as (this: Worker, ...args: unknown[]) => void;
    const waiting: Array<[Worker, unknown]> = [];
    let armed = false;
    Worker.prototype.postMessage = function (this: Worker, ...args: unknown[]) {
      const message = args[0] as { type?: string } | null;
      if (!armed && message?.type === 'burst') {
        waiting.push([this, message]);
        return;
      }
      post.apply(this, args);
    };
    (window as unknown as { armFlagHold(): void }).armFlagHold = () => {
      armed = true;
      for (const [worker, message] of waiting.splice(0)) post.call(worker, message);
    };
  });
  const ready = page.waitForEvent('worker').then(async (worker) => {
    await worker.evaluate((last) => {
      const scope = self as unknown as {
        requestAnimationFrame(step: (now: number) => void): number;
        addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
        flagHold?: { held: boolean; release(): void };
      };
      const raf = scope.requestAnimationFrame.bind(scope);
      let bursts = 0;
      let lastAt: number | undefined;
      let framesAfter = 0;
      let released = false;
      const kept: Array<(now: number) => void> = [];
      const hold = {
        held: false,
        release() {
          released = true;
          hold.held = false;
          kept.splice(0).forEach((step) => raf(step));
        },
      };
      scope.flagHold = hold;
      scope.addEventListener('message', (event) => {
        if ((event.data as { type?: string }).type !== 'burst') return;
        bursts += 1;
        if (bursts === last) lastAt = performance.now();
      });
      scope.requestAnimationFrame = (step) =>
        raf((now) => {
          if (lastAt !== undefined && !released && framesAfter > 0 && now > lastAt + 300) {
            hold.held = true;
            kept.push(step);
            return;
          }
          if (lastAt !== undefined) framesAfter += 1;
          step(now);
        });
    }, lastBurst);
    await page.evaluate(() => (window as unknown as { armFlagHold(): void }).armFlagHold());
    return worker;
  });
  // A test that fails before it asks for the flights must not also leave this unhandled.
  ready.catch(() => undefined);
  return {
    async held() {
      const worker = await ready;
      await expect
        .poll(() =>
          worker.evaluate(() => Boolean((self as { flagHold?: { held: boolean } }).flagHold?.held)),
        )
        .toBe(true);
    },
    async release() {
      const worker = await ready;
      await worker.evaluate(() => (self as { flagHold?: { release(): void } }).flagHold?.release());
    },
  };
}

/** Flags in colour: enough clear red, blue and green among the pixels the canvas changes. */
function expectPicturesOfFlags(colours: { red: number; blue: number; green: number }) {
  expect(colours.red, 'red pixels of flags').toBeGreaterThan(400);
  expect(colours.blue, 'blue pixels of flags').toBeGreaterThan(200);
  expect(colours.green, 'green pixels of flags').toBeGreaterThan(100);
}

test.describe('flag bursts', () => {
  // The page's timers on Playwright's clock: time flows as usual until a test makes it jump.
  test.beforeEach(({ page }) => page.clock.install());

  for (const route of ['/', '/contact']) {
    test(`four bursts of 35, 35, 50 and 50 flags on a wide screen (${route})`, async ({ page }) => {
      await page.setViewportSize({ width: 1280, height: 800 });
      const flights = await holdWorkerFlights(page);
      await page.goto(url('fr', route));
      expect(await bursts(page)).toMatchObject({
        flagBlaster: 'desktop',
        flagBurstCounts: '35,35,50,50',
        // Drawn by a worker: the page's own thread does nothing per flag or per frame.
        flagBurstRenderer: 'worker',
      });
      // Every flag was drawn from the flag sprite, as the worker reports it.
      const html = page.locator('html');
      await expect(html).toHaveAttribute('data-flag-burst-sprite', 'loaded');
      await expect(html).toHaveAttribute('data-flag-burst-flags', '170');
      // On a canvas hidden from screen readers, letting clicks through, the size of the window.
      const canvas = page.locator('canvas.flag-burst');
      await expect(canvas).toHaveAttribute('aria-hidden', 'true');
      await expect(canvas).toHaveCSS('pointer-events', 'none');
      expect(
        await page.evaluate(() => {
          const box = document.querySelector('canvas.flag-burst')?.getBoundingClientRect();
          const under = document.elementFromPoint(window.innerWidth / 2, window.innerHeight / 2);
          return {
            fits: box?.width === window.innerWidth && box.height === window.innerHeight,
            underPointer: Boolean(under?.closest('.flag-burst')),
            wide: document.documentElement.scrollWidth > window.innerWidth,
          };
        }),
      ).toEqual({ fits: true, underPointer: false, wide: false });
      // The flags show on screen while they fly, never over the headline or the contact text
      // (the landing's carousel moves, so its whole-window counts are not compared)…
      await flights.held();
      const flying = await pixelsOfFlags(page);
      expect(flying.onText).toBeLessThan(20);
      if (route === '/contact') {
        expect(flying.noise).toBeLessThan(50);
        expect(flying.flags).toBeGreaterThan(2000);
      }
      // …and they are pictures of flags, whatever fonts the system has.
      expectPicturesOfFlags(flying.colours);
      await flights.release();
      // …and the canvas is clear once the last one has landed.
      await expect(html).toHaveAttribute('data-flag-burst-done', 'true', { timeout: 10_000 });
      if (route === '/contact') expect((await pixelsOfFlags(page)).flags).toBeLessThan(50);
      await expectNoViolations(page);
    });
  }

  test('15, 15, 20 and 20 flags below 720 px', async ({ page }) => {
    await page.setViewportSize({ width: 400, height: 800 });
    await page.goto(url('en', '/'));
    expect(await bursts(page)).toMatchObject({
      flagBlaster: 'narrow',
      flagBurstCounts: '15,15,20,20',
    });
    await expect(page.locator('html')).toHaveAttribute('data-flag-burst-flags', '70');
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
  });

  for (const route of ['/', '/contact']) {
    test(`never over the headline or the contact text on a phone (${route})`, async ({ page }) => {
      // At 390 × 844 the hero text, and the contact page's title, lead, cards and
      // founder's text, fill most of the window; the flights go around them or stay below.
      await page.setViewportSize({ width: 390, height: 844 });
      const flights = await holdWorkerFlights(page);
      await page.goto(url('en', route));
      expect(await bursts(page)).toMatchObject({
        flagBlaster: 'narrow',
        flagBurstSprite: 'loaded',
      });
      await flights.held();
      const flying = await pixelsOfFlags(page);
      expect(flying.onText).toBeLessThan(20);
      await flights.release();
      if (route === '/contact') {
        // Every text block of the page is marked: the cards and the founder's text too.
        const marked = page.locator('[data-no-flags]');
        await expect(marked).toHaveCount(5);
        await expect(page.locator('.contact-card[data-no-flags]')).toHaveCount(2);
        await expect(page.locator('.founder[data-no-flags]')).toHaveCount(1);
      }
      const html = page.locator('html');
      await expect(html).toHaveAttribute('data-flag-burst-flags', '70');
      await expect(html).toHaveAttribute('data-flag-burst-done', 'true', { timeout: 10_000 });
    });
  }

  test('nothing drawn, no empty boxes, when the flag sprite cannot be loaded', async ({ page }) => {
    await page.route('**/flag-sprite*', (route) => route.abort());
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(url('en', '/contact'));
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-flag-burst-sprite', 'failed');
    expect(await bursts(page)).toMatchObject({ flagBurstRenderer: 'worker' });
    expect((await pixelsOfFlags(page)).flags).toBeLessThan(50);
    await expect(html).toHaveAttribute('data-flag-burst-done', 'true', { timeout: 10_000 });
    await expect(html).toHaveAttribute('data-flag-burst-flags', '0');
  });

  test.describe('on an iPhone', () => {
    test.use({ userAgent: IPHONE_UA, viewport: { width: 390, height: 844 }, hasTouch: true });

    test('a blaster of its own, 15, 15, 20 and 20 flags', async ({ page }) => {
      await page.goto(url('fr', '/contact'));
      expect(await bursts(page)).toMatchObject({
        flagBlaster: 'ios-narrow',
        flagBurstCounts: '15,15,20,20',
      });
      await expect(page.locator('html')).toHaveAttribute('data-flag-burst-flags', '70');
    });
  });

  test('drawn on the page itself where a worker cannot take the canvas', async ({ page }) => {
    // Safari before 16.4 has no OffscreenCanvas: the same drawing runs on the page's thread.
    await page.addInitScript(() => {
      delete (HTMLCanvasElement.prototype as { transferControlToOffscreen?: unknown })
        .transferControlToOffscreen;
    });
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(url('en', '/contact'));
    // The page's clock stops (its idle callback starts the bursts on the way) while the sprite
    // loads; then it jumps to the last burst's time (the four fire together, a frame each way
    // fewer to draw) and runs 300 ms of frames, and stays there: the flights, drawn on this
    // thread by that clock's frames, stay in the air while they are photographed.
    await page.clock.pauseAt((await page.evaluate(() => Date.now())) + 1000);
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-flag-burst-sprite', 'loaded');
    await page.clock.fastForward(BURST_OFFSETS_MS.at(-1) ?? 0);
    await page.clock.runFor(300);
    expect(await page.evaluate(() => ({ ...document.documentElement.dataset }))).toMatchObject({
      flagBursts: '4',
      flagBurstRenderer: 'page',
    });
    await expect(html).toHaveAttribute('data-flag-burst-flags', '170');
    const flying = await pixelsOfFlags(page);
    expect(flying.onText, 'pixels of flags over the text').toBeLessThan(20);
    expect(flying.flags).toBeGreaterThan(2000);
    expectPicturesOfFlags(flying.colours);
    await page.clock.resume();
    await expect(html).toHaveAttribute('data-flag-burst-done', 'true', { timeout: 10_000 });
  });

  test('none when the visitor prefers reduced motion', async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' });
    // The page's clock, not the test's: the bursts' delays pass at once.
    await page.goto(url('fr', '/'));
    const html = page.locator('html');
    await expect(html).toHaveAttribute('data-flag-burst-skipped', 'reduced-motion');
    await page.waitForLoadState('load');
    await page.clock.runFor(2500);
    await expect(html).toHaveAttribute('data-flag-bursts', '0');
    await expect(html).not.toHaveAttribute('data-flag-burst-renderer', /.*/);
    await expect(html).not.toHaveAttribute('data-flag-burst-flags', /.*/);
  });
});

// ---------------------------------------------------------------------------------------------
// Booking popup

function bookingDialog(page: Page, lang: Lang) {
  return page.getByRole('dialog', { name: dict[lang].nav.bookDemo, exact: true });
}

async function expectBookingPopup(page: Page, lang: Lang) {
  const dialog = bookingDialog(page, lang);
  await expect(dialog).toBeVisible();
  const frame = dialog.locator('iframe');
  await expect(frame).toHaveAttribute('title', dict[lang].landingWidgets.bookingFrame);
  expect((await frame.getAttribute('src'))?.startsWith(`${BOOKING_URL}?`)).toBe(true);
  await expect(dialog.frameLocator('iframe').locator('body')).toContainText('Fake booking page');
  // The booking popup: 630 px high (this window is taller), at least 320 px wide.
  const popup = await dialog.locator('.calendly-popup').boundingBox();
  expect(popup?.height).toBe(630);
  expect(popup?.width).toBeGreaterThanOrEqual(320);
  return dialog;
}

test.describe('Book a demo', () => {
  test.use({ viewport: { width: 1280, height: 900 } });
  test.beforeEach(withoutFlags);

  // Both languages in one page, one after the other.
  test('the floating button opens the booking popup; it closes (fr, en)', async ({ page }) => {
    for (const lang of LANGS) {
      await visit(page, url(lang, '/'));
      const bar = topBar(page, lang);
      await expect(bar.bookDemo).toBeVisible();
      await expect(bar.bookDemo).toHaveAttribute('aria-haspopup', 'dialog');
      await bar.bookDemo.click();
      await expect(page).toHaveURL(url(lang, '/'));
      const dialog = await expectBookingPopup(page, lang);
      // The framed page is the booking service's, not ours: axe looks at our side only.
      await expectNoViolations(page, ['.booking-dialog iframe']);

      await dialog
        .getByRole('button', { name: dict[lang].landingWidgets.close, exact: true })
        .click();
      await expect(dialog).toHaveCount(0);
      await expect(bar.bookDemo).toBeFocused();

      await bar.bookDemo.click();
      await expect(bookingDialog(page, lang)).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(bookingDialog(page, lang)).toHaveCount(0);
      await expect(bar.bookDemo).toBeFocused();
    }
  });

  test('the contact page’s button opens it too', async ({ page }) => {
    await visit(page, url('fr', '/contact'));
    const button = page
      .getByRole('main')
      .getByRole('button', { name: dict.fr.nav.bookDemo, exact: true });
    await button.click();
    const dialog = await expectBookingPopup(page, 'fr');
    // A click beside the frame closes it.
    await page.mouse.click(5, 450);
    await expect(dialog).toHaveCount(0);
    await expect(button).toBeFocused();
  });

  test('signed in, the floating button is gone; the contact page keeps its own', async ({
    page,
    signIn,
  }) => {
    await signIn();
    await visit(page, url('en', '/contact'));
    const bar = topBar(page, 'en');
    await expect(bar.logout).toBeVisible();
    await expect(bar.bookDemo).toHaveCount(0);
    const button = page
      .getByRole('main')
      .getByRole('button', { name: dict.en.nav.bookDemo, exact: true });
    await expect(button).toBeVisible();
  });
});
