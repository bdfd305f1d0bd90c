import { randomInt, randomUUID } from 'node:crypto';
import type { BrowserContext, Locator } from '@playwright/test';
import { expect, expectNoViolations, MUSEUM_SETTINGS, post, test } from './fixtures.ts';

/**
 * A language chosen once. A visitor picks Japanese on the first panel; every
 * later scan opens its article in Japanese, without the picker; the footer's language button
 * changes it in one tap. On a 390 px phone with JavaScript off, as a visitor's phone may be.
 */

async function panel(context: BrowserContext, tag: string, n: number, stop?: number) {
  const { id } = await post<{ id: number }>(context, 'add_article', { pathArray: [] }, 201);
  const name = `visite-${tag}-${n}`;
  await post(context, 'update_article', {
    articleId: id,
    newContent: [
      { type: 'metadatas', url: name, stop },
      { type: 'text', content: `Panneau ${n} du port ${tag}.` },
    ],
    unformatted_name: `Visite ${tag} ${n}`,
    instructions: '',
  });
  const code = await post<{ id: number; link: string }>(context, 'add_qrcode', {}, 201);
  await post(context, 'update_qrcode', { articleId: id, qrcodeId: code.id });
  return { name, link: code.link };
}

/** How many lines an element's text takes: its text's boxes, by their distinct tops. */
function lineCount(element: Locator): Promise<number> {
  return element.evaluate((el) => {
    const range = document.createRange();
    range.selectNodeContents(el);
    return new Set([...range.getClientRects()].map((r) => Math.round(r.top))).size;
  });
}

test.describe('a language chosen once', MUSEUM_SETTINGS, () => {
  test('picked on panel 1, every later scan opens in it; the footer changes it', async ({
    page,
    browser,
    signIn,
  }) => {
    await signIn();
    const tag = randomUUID().slice(0, 8);
    const first = await panel(page.context(), tag, 1);
    const second = await panel(page.context(), tag, 2);

    const visitor = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
      locale: 'fr-FR',
    });
    try {
      const phone = await visitor.newPage();
      // Panel 1: the picker, as today; Japanese chosen.
      await phone.goto(`/r/${first.link}`);
      await expect(phone).toHaveURL(new RegExp(`/article\\?name=${first.name}$`));
      await phone.getByRole('link', { name: /^日本語/ }).click();
      await expect(phone.getByText(`[ja] Panneau 1 du port ${tag}.`).first()).toBeVisible();
      // Remembered by the page's count request, an image: loaded with the page.
      await phone.waitForLoadState('load');
      const cookies = await visitor.cookies();
      // Only the language is kept: no other cookie, nothing else in it.
      expect(cookies.map((c) => [c.name, c.value, c.httpOnly, c.sameSite])).toEqual([
        ['legenda_lang', 'ja', true, 'Lax'],
      ]);

      // Panel 2 scanned: straight to Japanese, no picker in between.
      await phone.goto(`/r/${second.link}`);
      await expect(phone).toHaveURL(new RegExp(`/article\\?name=${second.name}&lang=ja$`));
      await expect(phone.getByText(`[ja] Panneau 2 du port ${tag}.`).first()).toBeVisible();
      // The same article opened without `lang` (a bookmark): Japanese too.
      await phone.goto(`/article?name=${first.name}`);
      await expect(phone.getByText(`[ja] Panneau 1 du port ${tag}.`).first()).toBeVisible();

      // The footer's language button: one tap to the picker, Arabic chosen, remembered.
      await phone.locator('.reader-footer .reader-language').click();
      await phone.getByRole('link', { name: /^العربية/ }).click();
      await expect(phone.getByText(`[ar] Panneau 1 du port ${tag}.`).first()).toBeVisible();
      // Remembered once the page's count request has come back (an image, without JavaScript).
      await expect
        .poll(async () => (await visitor.cookies()).find((c) => c.name === 'legenda_lang')?.value)
        .toBe('ar');
      await phone.goto(`/r/${second.link}`);
      await expect(phone).toHaveURL(new RegExp(`&lang=ar$`));
      await expect(phone.locator('html')).toHaveAttribute('dir', 'rtl');
      // A link carrying a language wins over the remembered one.
      await phone.goto(`/article?name=${second.name}&lang=ja`);
      await expect(phone.getByText(`[ja] Panneau 2 du port ${tag}.`).first()).toBeVisible();
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
    } finally {
      await visitor.close();
    }
  });

  test('A+ and A− scale the text, remembered like the language, without JavaScript', async ({
    page,
    browser,
    signIn,
  }) => {
    await signIn();
    const tag = randomUUID().slice(0, 8);
    const first = await panel(page.context(), tag, 1);
    const second = await panel(page.context(), tag, 2);
    const visitor = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
    });
    try {
      const phone = await visitor.newPage();
      const rootSize = () =>
        phone.evaluate(() => getComputedStyle(document.documentElement).fontSize);
      const blockSize = () =>
        phone
          .locator('.reader-blocks p')
          .first()
          .evaluate((el) => getComputedStyle(el).fontSize);
      await phone.goto(`/article?name=${first.name}&lang=ja`);
      expect(await rootSize()).toBe('16px');
      const before = parseFloat(await blockSize());
      await phone.getByRole('link', { name: '文字を大きく' }).click();
      await phone.getByRole('link', { name: '文字を大きく' }).click();
      // Two steps up: 130 %, every block in proportion.
      expect(await rootSize()).toBe('20.8px');
      expect(parseFloat(await blockSize())).toBeCloseTo(before * 1.3, 1);
      // The next scan: Japanese, at that size.
      await phone.goto(`/r/${second.link}`);
      await expect(phone).toHaveURL(/&lang=ja$/);
      expect(await rootSize()).toBe('20.8px');
      expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        390,
      );
      await phone.screenshot({ path: test.info().outputPath('larger-text.png') });
      await phone.getByRole('link', { name: '文字を小さく' }).click();
      expect(await rootSize()).toBe('18.4px');
    } finally {
      await visitor.close();
    }
  });

  test('a circuit from panel to panel: its code, its stops in Japanese, then Arabic', async ({
    page,
    browser,
    signIn,
  }) => {
    await signIn();
    const tag = randomUUID().slice(0, 8);
    // The first stop has a stop number: its label stays on one line at 390 px (not 1000-9999,
    // which stops.spec.ts and guide.spec.ts draw theirs from).
    const stop = randomInt(100, 1000);
    const panels = [
      await panel(page.context(), tag, 1),
      await panel(page.context(), tag, 2),
      await panel(page.context(), tag, 3, stop),
    ];
    const ids = await Promise.all(
      panels.map(async (p) => {
        const res = await page.request.get(`/api/read/articles`);
        const all = (await res.json()) as { id: number; name: string }[];
        return all.find((a) => a.name === p.name)!.id;
      }),
    );
    const circuit = await post<{ id: number; name: string }>(
      page.context(),
      'save_circuit',
      {
        name: `tour-${tag}`,
        title: `Le tour du port ${tag}`,
        intro: 'Trois panneaux, de la jetée au phare.',
        articleIds: [ids[2], ids[0], ids[1]],
      },
      201,
    );
    const code = await post<{ id: number; link: string }>(page.context(), 'add_qrcode', {}, 201);
    await post(page.context(), 'update_qrcode', { circuitId: circuit.id, qrcodeId: code.id });

    const visitor = await browser.newContext({
      javaScriptEnabled: false,
      viewport: { width: 390, height: 844 },
      locale: 'fr-FR',
    });
    // axe runs a script: the page as this phone sees it, opened where scripts run.
    const checkAccessibility = async (url: string) => {
      const scripted = await browser.newContext({ viewport: { width: 390, height: 844 } });
      try {
        const checked = await scripted.newPage();
        await checked.goto(url);
        await expectNoViolations(checked);
      } finally {
        await scripted.close();
      }
    };
    try {
      const phone = await visitor.newPage();
      // The circuit's code: its language picker, then its page in Japanese.
      await phone.goto(`/r/${code.link}`);
      await expect(phone).toHaveURL(new RegExp(`/circuit\\?name=tour-${tag}$`));
      await expect(phone.getByText(`Le tour du port ${tag}`).first()).toBeVisible();
      await phone.getByRole('link', { name: /^日本語/ }).click();
      await expect(phone.getByRole('heading', { level: 1 })).toHaveText(
        `[ja] Le tour du port ${tag}`,
      );
      await expect(phone.getByText('[ja] Trois panneaux, de la jetée au phare.')).toBeVisible();
      const stops = phone.locator('.reader-stops a');
      await expect(stops).toHaveText([
        `1[ja] Panneau 3 du port ${tag}.番号 ${stop}`,
        `2[ja] Panneau 1 du port ${tag}.`,
        `3[ja] Panneau 2 du port ${tag}.`,
      ]);
      expect(await lineCount(stops.first().locator('.reader-alt'))).toBe(1);
      await checkAccessibility(phone.url());
      await phone.screenshot({ path: test.info().outputPath('circuit-ja.png'), fullPage: true });

      // Stop 1, then next, next: 'stop n of N', in Japanese, the language kept.
      await stops.first().click();
      await expect(phone.getByText(`[ja] Panneau 3 du port ${tag}.`).first()).toBeVisible();
      await expect(phone.getByText('3 か所中 1 か所目')).toBeVisible();
      await expect(phone.locator('a[rel="prev"]')).toHaveCount(0);
      await phone.locator('a[rel="next"]').click();
      await expect(phone.getByText('3 か所中 2 か所目')).toBeVisible();
      await expect(phone.getByText(`[ja] Panneau 1 du port ${tag}.`).first()).toBeVisible();
      await phone.locator('a[rel="next"]').click();
      await expect(phone.getByText('3 か所中 3 か所目')).toBeVisible();
      await expect(phone.locator('a[rel="next"]')).toHaveCount(0);
      await checkAccessibility(phone.url());
      await phone.screenshot({ path: test.info().outputPath('stop-ja.png'), fullPage: true });

      // The footer's language button: Arabic, still in the circuit, right to left.
      await phone.locator('.reader-footer .reader-language').click();
      await phone.getByRole('link', { name: /^العربية/ }).click();
      await expect(phone).toHaveURL(/circuit=tour-.*&lang=ar$/);
      await expect(phone.locator('html')).toHaveAttribute('dir', 'rtl');
      await expect(phone.getByText('المحطة 3 من 3')).toBeVisible();
      await phone.locator('a[rel="prev"]').click();
      await expect(phone.getByText('المحطة 2 من 3')).toBeVisible();
      await phone.locator('.reader-circuit p a').click();
      await expect(phone).toHaveURL(new RegExp(`/circuit\\?name=tour-${tag}&lang=ar$`));
      await expect(phone.getByRole('heading', { level: 1 })).toHaveText(
        `[ar] Le tour du port ${tag}`,
      );
      const arabicLabel = phone.locator('.reader-stops .reader-alt');
      await expect(arabicLabel).toHaveText(`رقم المحطة ${stop}`);
      expect(await lineCount(arabicLabel)).toBe(1);
      await phone.screenshot({ path: test.info().outputPath('circuit-ar.png'), fullPage: true });
    } finally {
      await visitor.close();
    }
  });
});
