import { describe, expect, it } from 'vitest';
import { DEMO_ARTICLE_NAME, DEMO_SCAN_PATH } from '../../src/features/demo/demo.ts';
import { openPglite } from '../../src/server/db/index.ts';
import { articles, qrcodes } from '../../src/server/db/schema.ts';
import { migratedDataDir } from '../helpers/data-dir.ts';
import { useServers } from '../helpers/use-servers.ts';

const start = useServers();

describe('the demo article (the Node entry)', () => {
  it('is made at the first start only, and /r/DemoLegend leads to it', async () => {
    const env = {
      DATA_DIR: migratedDataDir(),
      DATABASE_URL: '',
      ADMIN_EMAIL: 'curator@museum.example',
      ADMIN_PASSWORD: 'a long enough password',
    };
    const first = await start(env);
    expect(first.output()).toContain(`Demo article created: /article?name=${DEMO_ARTICLE_NAME}`);
    const scan = await fetch(`${first.url}${DEMO_SCAN_PATH}`, { redirect: 'manual' });
    expect(scan.status).toBe(302);
    expect(scan.headers.get('location')).toBe(`/article?name=${DEMO_ARTICLE_NAME}`);
    const page = await fetch(`${first.url}/article?name=${DEMO_ARTICLE_NAME}&lang=fr`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('La lanterne du pilote');
    expect(await first.stop()).toBe(0);

    const again = await start(env);
    expect(again.output()).not.toContain('Demo article');
    const rescan = await fetch(`${again.url}${DEMO_SCAN_PATH}`, { redirect: 'manual' });
    expect(rescan.headers.get('location')).toBe(`/article?name=${DEMO_ARTICLE_NAME}`);
    expect(await again.stop()).toBe(0);

    const handle = await openPglite(env.DATA_DIR);
    try {
      expect(await handle.db.select().from(articles)).toHaveLength(1);
      expect(await handle.db.select().from(qrcodes)).toHaveLength(1);
    } finally {
      await handle.close();
    }
  });
});
