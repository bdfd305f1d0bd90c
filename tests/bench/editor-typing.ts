import { chromium } from '@playwright/test';
import { loadTestSettings } from '../../src/server/config.ts';

/** An article of `count` elements, mostly text as real panels are, with every other kind mixed in. */
export function largeArticle(url: string, count: number): unknown[] {
  const blocks: unknown[] = [];
  for (let i = 0; i < count; i++) {
    const kind = i % 10;
    if (kind === 3) blocks.push({ type: 'space', size: 20 });
    else if (kind === 5) blocks.push({ type: 'image', size: 80 });
    else if (kind === 7) {
      blocks.push({
        type: 'accordion',
        header: { content: `Section ${i}` },
        details: [
          { type: 'text', content: `Détail ${i} : une phrase de plus sur l'objet.` },
          { type: 'legendItem', content: `Légende ${i}` },
        ],
      });
    } else if (kind === 9)
      blocks.push({ type: 'link', content: `Lien ${i}`, link: 'https://museum.example' });
    else {
      blocks.push({
        type: 'text',
        content: `Paragraphe ${i}. Ce panneau raconte l'histoire du port, des navires et des [!négociants!] qui y vivaient au XVIIIe siècle.`,
        bold: i % 4 === 0,
      });
    }
  }
  return [{ type: 'metadatas', url }, ...blocks];
}

export interface TypingLatency {
  /** Keydown to the preview's DOM showing the character: script, React render and commit. */
  updated: number[];
  /** Keydown to the frame after that change: what the curator sees. */
  painted: number[];
}

/**
 * Types `keys` characters into the text element in the middle of the article open in the
 * editor, one at a time, and records how long each takes to reach the phone preview.
 */
export async function typingLatency(
  url: string,
  cookie: string,
  articleId: number,
  keys = 60,
): Promise<TypingLatency> {
  const [name, value] = cookie.split('=') as [string, string];
  const browser = await chromium.launch({
    executablePath: loadTestSettings().chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  try {
    const context = await browser.newContext({ viewport: { width: 1400, height: 900 } });
    await context.addCookies([{ name, value, url }]);
    const page = await context.newPage();
    await page.goto(`${url}/article?id=${articleId}`);
    const texts = page.locator('.element-card[data-type="text"] textarea');
    await texts.first().waitFor({ timeout: 60_000 });
    const target = texts.nth(Math.floor((await texts.count()) / 2));
    await target.click();
    await page.keyboard.press('End');

    await page.evaluate(() => {
      const w = window as unknown as { __updated: number[]; __painted: number[] };
      w.__updated = [];
      w.__painted = [];
      const root = document.querySelector('.reader');
      if (!root) throw new Error('No preview (.reader) on the page');
      let started = 0;
      document.addEventListener('keydown', () => (started = performance.now()), true);
      new MutationObserver(() => {
        if (!started) return;
        const t0 = started;
        started = 0;
        w.__updated.push(performance.now() - t0);
        requestAnimationFrame(() => {
          // A task queued from the frame callback runs once that frame has been produced.
          const channel = new MessageChannel();
          channel.port1.onmessage = () => w.__painted.push(performance.now() - t0);
          channel.port2.postMessage(null);
        });
      }).observe(root, { subtree: true, characterData: true, childList: true });
    });

    const letters = 'abcdefghijklmnopqrstuvwxyz ';
    for (let i = 0; i < keys; i++) {
      await page.keyboard.type(letters[i % letters.length]!);
      await page.waitForTimeout(40);
    }
    await page.waitForTimeout(200);
    const result = await page.evaluate(() => {
      const w = window as unknown as { __updated: number[]; __painted: number[] };
      return { updated: w.__updated, painted: w.__painted };
    });
    if (result.updated.length < keys * 0.9) {
      throw new Error(`Only ${result.updated.length} of ${keys} keystrokes reached the preview.`);
    }
    return result;
  } finally {
    await browser.close();
  }
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}
