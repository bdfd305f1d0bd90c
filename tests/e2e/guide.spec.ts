import { randomUUID } from 'node:crypto';
import { devices } from '@playwright/test';
import { uiStrings } from '../../src/features/reader/render/strings.ts';
import { expect, post, test } from './fixtures.ts';
import { GUIDE_SLUG } from './settings.ts';

/**
 * The museum's guide home, as a Japanese visitor with a phone finds it: no code scanned, only
 * the museum's address (/visit/{slug}). They search a word of a panel, then type the stop
 * number printed beside it and land on the article in Japanese. The museum is shared by the
 * parallel tests: the panel carries a word and a stop number of this test's own.
 */

const PIXEL = devices['Pixel 7'];
const ja = uiStrings('ja');

test('a Japanese visitor opens the guide home, searches a word, types a stop number and reads the article', async ({
  page,
  signIn,
  browser,
}) => {
  await signIn();
  const word = `phare${randomUUID().slice(0, 6)}`;
  const stop = 1000 + Math.floor(Math.random() * 8999);
  const { id } = await post<{ id: number }>(page, 'add_article', { pathArray: [] }, 201);
  const name = `guide-${word}`;
  await post(page, 'update_article', {
    articleId: id,
    newContent: [
      { type: 'metadatas', url: name, stop },
      { type: 'text', content: `Le ${word} de Cordouan, roi des phares` },
    ],
    unformatted_name: `Guide ${word}`,
    instructions: '',
  });

  // A phone that has never been here: no session, no remembered language.
  const visitor = await browser.newContext({
    viewport: { width: 390, height: 844 },
    userAgent: PIXEL.userAgent,
    deviceScaleFactor: PIXEL.deviceScaleFactor,
    isMobile: true,
    hasTouch: true,
    locale: 'ja-JP',
  });
  const phone = await visitor.newPage();
  const scripts: string[] = [];
  phone.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  await phone.goto(`/visit/${GUIDE_SLUG}`);
  await expect(phone.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(phone.getByRole('heading', { level: 1 })).toContainText('[ja]');

  const search = phone.getByRole('searchbox', { name: ja.guideSearch });
  await search.fill(word);
  await search.press('Enter');
  await expect(phone).toHaveURL(new RegExp(`/visit/${GUIDE_SLUG}\\?lang=ja&q=${word}`));
  const results = phone.getByRole('heading', {
    level: 2,
    name: ja.guideResults.replace('{q}', word),
  });
  await expect(results).toBeVisible();
  const found = phone.getByRole('link', { name: new RegExp(word) });
  await expect(found).toHaveCount(1);
  await expect(found).toHaveAttribute('href', `/article?name=${name}&lang=ja`);

  await phone.getByRole('textbox', { name: ja.guideStopBox }).fill(String(stop));
  await phone.getByRole('button', { name: ja.guideGo }).click();
  await expect(phone).toHaveURL(`/article?name=${name}&lang=ja`);
  await expect(phone.locator('html')).toHaveAttribute('lang', 'ja');
  await expect(
    phone.getByRole('paragraph').filter({ hasText: `[ja] Le ${word} de Cordouan` }),
  ).toBeVisible();
  // No framework script on the way: the reader's own, at most.
  expect(scripts.every((path) => path === '/reader.js' || path === '/sw.js')).toBe(true);
  await visitor.close();
});
