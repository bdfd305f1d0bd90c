import { randomUUID } from 'node:crypto';
import type { BrowserContext } from '@playwright/test';
import { expect, MUSEUM_SETTINGS, post, test } from './fixtures.ts';

/**
 * Issue 19, part 1: a language chosen once. A visitor picks Japanese on the first panel; every
 * later scan opens its article in Japanese, without the picker; the footer's language button
 * changes it in one tap. On a 390 px phone with JavaScript off, as a visitor's phone may be.
 */

async function panel(context: BrowserContext, tag: string, n: number) {
  const { id } = await post<{ id: number }>(context, 'add_article', { pathArray: [] }, 201);
  const name = `visite-${tag}-${n}`;
  await post(context, 'update_article', {
    articleId: id,
    newContent: [
      { type: 'metadatas', url: name },
      { type: 'text', content: `Panneau ${n} du port ${tag}.` },
    ],
    unformatted_name: `Visite ${tag} ${n}`,
    instructions: '',
  });
  const code = await post<{ id: number; link: string }>(context, 'add_qrcode', {}, 201);
  await post(context, 'update_qrcode', { articleId: id, qrcodeId: code.id });
  return { name, link: code.link };
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
});
