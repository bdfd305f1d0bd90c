import fs from 'node:fs';
import path from 'node:path';
import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { parse as parseYaml } from 'yaml';
import { DEMO_CODE } from '../../src/features/demo/demo.ts';
import { blogPostSchema } from '../../src/site/blog/schema.ts';
import {
  bothLanguages,
  dict,
  expect,
  expectNoViolations,
  heading,
  homeTitle,
  landing,
  LANGS,
  recordScripts,
  test,
  url,
  visit,
  type Lang,
} from './fixtures.ts';
import { E2E_PORT } from './settings.ts';

/**
 * The public site: the landing page's sections, the 'Test it' demo, contact, the blog
 * from content/blog, and what search engines see. The widgets (carousel, flag bursts, booking
 * popup) are in landing-widgets.spec.ts; the CMS in cms.spec.ts.
 */

const BASE = `http://127.0.0.1:${E2E_PORT}`;

/** The posts as written in content/blog: the test reads the files, not a copy of them. */
function postsOnDisk(lang: Lang) {
  const dir = path.join('content', 'blog', lang);
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .map((name) => {
      const text = fs.readFileSync(path.join(dir, name), 'utf8');
      const front = blogPostSchema.parse(parseYaml(/^---\n([\s\S]*?)\n---/.exec(text)?.[1] ?? ''));
      const file = name.replace(/\.md$/, '');
      return { file, route: front.route ?? file, title: front.title, date: front.date };
    })
    .sort((a, b) => b.date.getTime() - a.date.getTime());
}

/** The seven blog addresses, newest post first. */
const SPEC_ROUTES = {
  fr: ['petanque', 'installation', 'pourquoi-legenda', 'malagasy', 'albanian', 'guarani'],
  en: ['petanque', 'installation', 'why-legenda', 'malagasy', 'albanian', 'guarani'],
};
const SPEC_DATES = [
  '13-07-2025',
  '28-02-2025',
  '16-01-2025',
  '23-12-2024',
  '20-12-2024',
  '17-12-2024',
];

async function decodeQr(png: Buffer): Promise<string | undefined> {
  const image = PNG.sync.read(png);
  const pixels = new Uint8ClampedArray(image.data.buffer, image.data.byteOffset, image.data.length);
  return jsQR(pixels, image.width, image.height, { inversionAttempts: 'attemptBoth' })?.data;
}

const journeys = bothLanguages<'request'>();

for (const lang of LANGS) {
  const t = dict[lang];
  const text = landing(lang);

  journeys.test(
    'the landing page shows every section of the spec, in order, with its facts',
    lang,
    async ({ page }) => {
      await visit(page, url(lang, '/'));
      await expect(heading(page, homeTitle(lang))).toBeVisible();
      const main = page.getByRole('main');
      const h2 = await main.getByRole('heading', { level: 2 }).allInnerTexts();
      expect(h2).toEqual([
        text.box2Landing.title,
        text.box3Landing.title,
        text.video.title,
        text.mhm.title,
        text.petanque.title,
        text.qrCodeTest.title,
        ...text.qualities.map((q) => q.title),
        text.CTA.title,
      ]);
      expect(text.qualities.map((q) => q.title)).toEqual(
        lang === 'fr' ? ['Simple', 'Rapide', 'Complet'] : ['Easy', 'Fast', 'Complete'],
      );
      const body = await main.innerText();
      for (const fact of lang === 'fr'
        ? [
            'immédiatement',
            '48 heures',
            '16 panneaux',
            'plus de 100',
            '3 juillet 2025',
            '18 janvier 2026',
            'entrée libre',
            'séquence 13',
            'ville portuaire',
          ]
        : [
            'immediately',
            '48 hours',
            '16 panels',
            'more than 100',
            '3 July 2025',
            '18 January 2026',
            'free admission',
            'sequence 13',
            'port city',
          ]) {
        expect(body.toLowerCase(), fact).toContain(fact.toLowerCase());
      }
      // 'Contact us' and 'Book a demo' in the hero and the call to action.
      await expect(main.getByRole('link', { name: t.home.contactUs, exact: true })).toHaveCount(2);
      await expect(
        main
          .getByRole('link', { name: t.nav.bookDemo })
          .or(main.getByRole('button', { name: t.nav.bookDemo })),
      ).toHaveCount(2);
      await expect(main.getByRole('link', { name: t.home.contactUs }).first()).toHaveAttribute(
        'href',
        url(lang, '/contact'),
      );
    },
  );

  journeys.test(
    'the landing page shows the phone image and the demo video in its language',
    lang,
    async ({ page, request }) => {
      await visit(page, url(lang, '/'));
      const phone = page.getByRole('img', { name: text.box1Landing.phoneAlt });
      await expect(phone).toHaveAttribute('src', `/demo/phone-${lang}.webp`);
      expect(await phone.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      const video = page.locator('video.demo-video');
      await expect(video).toHaveAttribute('poster', `/demo/poster-${lang}.webp`);
      await expect(video).toHaveAttribute('preload', 'none');
      const sources = await video
        .locator('source')
        .evaluateAll((nodes) =>
          nodes.map((node) => [node.getAttribute('src'), node.getAttribute('type')]),
        );
      expect(sources).toEqual([
        [`/demo/demo-${lang}.webm`, 'video/webm'],
        [`/demo/demo-${lang}.mp4`, 'video/mp4'],
      ]);
      for (const [src] of sources) {
        const response = await request.get(src ?? '');
        expect(response.status(), src ?? '').toBe(200);
      }
      // The video really plays in the browser.
      await video.scrollIntoViewIfNeeded();
      await video.evaluate((el: HTMLVideoElement) => el.play());
      await expect
        .poll(() => video.evaluate((el: HTMLVideoElement) => el.currentTime))
        .toBeGreaterThan(0.2);
    },
  );

  journeys.test(
    'the landing page: the exhibition links to its post and to an outside page',
    lang,
    async ({ page }) => {
      await visit(page, url(lang, '/'));
      const section = page.locator('section', {
        has: page.getByRole('heading', { name: text.petanque.title }),
      });
      await expect(section.getByRole('link', { name: text.petanque.blogLink })).toHaveAttribute(
        'href',
        url(lang, '/blog/petanque'),
      );
      const outside = section.getByRole('link', { name: new RegExp(text.petanque.externalLink) });
      await expect(outside).toHaveAttribute('href', text.petanque.externalUrl);
      await expect(outside).toHaveAttribute('target', '_blank');
      await section.getByRole('link', { name: text.petanque.blogLink }).click();
      await expect(page).toHaveURL(url(lang, '/blog/petanque'));
    },
  );

  journeys.test(
    'the landing page: "Test it" is a QR code of the demo article, and a link on narrow screens',
    lang,
    async ({ page }) => {
      // No flags flying over the code while it is photographed.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await page.setViewportSize({ width: 1280, height: 900 });
      await visit(page, url(lang, '/'));
      const qr = page.getByRole('link', { name: text.qrCodeTest.qrAlt });
      await expect(qr).toBeVisible();
      await expect(page.getByRole('link', { name: text.qrCodeTest.link })).toBeHidden();
      await qr.scrollIntoViewIfNeeded();
      const decoded = await decodeQr(await qr.locator('svg').screenshot());
      expect(decoded).toBe(`${BASE}/r/${DEMO_CODE}`);

      await page.setViewportSize({ width: 1080, height: 900 });
      await expect(qr).toBeHidden();
      const link = page.getByRole('link', { name: text.qrCodeTest.link });
      await expect(link).toBeVisible();
      await expect(link).toHaveAttribute('href', `/r/${DEMO_CODE}`);
      // The demo article the first start made: the visitor's language picker.
      await link.click();
      await expect(page).toHaveURL(/\/article\?name=/);
      await expect(
        page.locator('form[method="get"] input[type="search"], form[method="get"] select').first(),
      ).toBeVisible();
    },
  );

  journeys.test(
    'contact has the booking and mail columns and the founder with a mail link',
    lang,
    async ({ page }) => {
      await visit(page, url(lang, '/contact'));
      await expect(heading(page, t.contact.title)).toBeVisible();
      const main = page.getByRole('main');
      for (const title of [t.contact.bookTitle, t.contact.mailTitle, t.contact.founderTitle]) {
        await expect(main.getByRole('heading', { level: 2, name: title })).toBeVisible();
      }
      await expect(
        main
          .getByRole('link', { name: t.nav.bookDemo })
          .or(main.getByRole('button', { name: t.nav.bookDemo })),
      ).toBeVisible();
      await expect(main.getByRole('link', { name: 'contact@legenda.example' })).toHaveAttribute(
        'href',
        'mailto:contact@legenda.example',
      );
      const founderMail = main.getByRole('link', {
        name: t.contact.founderMail.replace('{{name}}', 'Camille Laurent'),
      });
      await expect(founderMail).toHaveAttribute('href', 'mailto:contact@legenda.example');
      await expect(main).toContainText(t.contact.founderBio);
    },
  );

  journeys.test(
    'the blog lists every post as a card, newest first, with cover, date, title and description',
    lang,
    async ({ page }) => {
      await visit(page, url(lang, '/blog'));
      await expect(heading(page, t.blog.heading)).toBeVisible();
      expect(t.blog.heading).toBe(lang === 'fr' ? 'Tous les posts' : 'All blog posts');
      const cards = page.getByRole('main').locator('article');
      const onDisk = postsOnDisk(lang);
      await expect(cards).toHaveCount(onDisk.length);
      const links = await cards
        .getByRole('heading', { level: 2 })
        .getByRole('link')
        .evaluateAll((nodes) => nodes.map((node) => node.getAttribute('href')));
      expect(links.slice(0, 6)).toEqual(
        SPEC_ROUTES[lang].map((route) => url(lang, `/blog/${route}`)),
      );
      expect((await cards.locator('time').allInnerTexts()).slice(0, 6)).toEqual(SPEC_DATES);
      expect(await cards.getByRole('heading', { level: 2 }).allInnerTexts()).toEqual(
        onDisk.map((post) => post.title),
      );
      for (const img of await cards.locator('img').all()) {
        await img.scrollIntoViewIfNeeded();
        await expect
          .poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth))
          .toBeGreaterThan(0);
        // Shown at the cover’s own shape (1200 × 630), as wide as its card (within its border).
        const shown = await img.evaluate((el) => {
          const box = el.getBoundingClientRect();
          const card = el.closest('article')?.getBoundingClientRect();
          return { ratio: box.width / box.height, fills: box.width >= (card?.width ?? 0) - 2 };
        });
        expect(shown.ratio).toBeCloseTo(1200 / 630, 1);
        expect(shown.fills).toBe(true);
      }
      await cards.first().click();
      await expect(page).toHaveURL(url(lang, '/blog/petanque'));
    },
  );

  journeys.test(
    'the blog shows each post of the spec in the page language, with its footer',
    lang,
    async ({ page }) => {
      for (const route of SPEC_ROUTES[lang]) {
        const response = await page.goto(url(lang, `/blog/${route}`));
        expect(response?.status(), route).toBe(200);
        await expect(page.locator('html')).toHaveAttribute('lang', lang);
        const post = postsOnDisk(lang).find((p) => p.route === route);
        await expect(heading(page, post?.title ?? '?')).toBeVisible();
        const footer = page.getByRole('main').locator('footer');
        await expect(footer).toContainText(t.blog.by.replace('{{author}}', 'Camille Laurent'));
        await expect(
          footer.getByRole('link', { name: new RegExp(t.blog.professionalNetwork) }),
        ).toHaveAttribute('href', /^https:\/\//);
      }
    },
  );

  journeys.test(
    'the blog: "why" and "pourquoi" both lead to the post in the page language',
    lang,
    async ({ page }) => {
      const twin = lang === 'fr' ? 'why-legenda' : 'pourquoi-legenda';
      const own = lang === 'fr' ? 'pourquoi-legenda' : 'why-legenda';
      const response = await page.goto(url(lang, `/blog/${twin}`));
      expect(response?.status()).toBe(200);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
        'href',
        `${BASE}${url(lang, `/blog/${own}`)}`,
      );
      // The post links to the installation and pétanque posts.
      const body = page.locator('.prose');
      await expect(body.locator(`a[href="${url(lang, '/blog/petanque')}"]`).first()).toBeVisible();
      await expect(
        body.locator(`a[href="${url(lang, '/blog/installation')}"]`).first(),
      ).toBeVisible();
    },
  );

  journeys.test(
    'the blog: an unknown post shows only the footer, with a 404',
    lang,
    async ({ page }) => {
      const response = await page.goto(url(lang, '/blog/klingon'));
      expect(response?.status()).toBe(404);
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      const main = page.getByRole('main');
      await expect(main.locator('footer')).toContainText(
        t.blog.by.replace('{{author}}', 'Camille Laurent'),
      );
      await expect(main.locator('article')).toHaveCount(0);
      await expect(main.getByRole('heading', { level: 2 })).toHaveCount(0);
    },
  );

  journeys.test(
    'search engines: public pages carry a canonical link, hreflang twins and Open Graph tags',
    lang,
    async ({ page, request }) => {
      for (const route of ['/', '/blog', '/contact', `/blog/${SPEC_ROUTES[lang][5]}`]) {
        await page.goto(url(lang, route));
        const head = page.locator('head');
        await expect(head.locator('link[rel="canonical"]')).toHaveAttribute(
          'href',
          `${BASE}${url(lang, route)}`,
        );
        for (const other of LANGS) {
          const twin = route.replace(
            /why-legenda|pourquoi-legenda/,
            other === 'fr' ? 'pourquoi-legenda' : 'why-legenda',
          );
          await expect(head.locator(`link[rel="alternate"][hreflang="${other}"]`)).toHaveAttribute(
            'href',
            `${BASE}${url(other, twin)}`,
          );
        }
        await expect(head.locator('link[hreflang="x-default"]')).toHaveAttribute(
          'href',
          `${BASE}${url('fr', route)}`,
        );
        const title = await page.title();
        expect(title.length, route).toBeGreaterThan(5);
        await expect(head.locator('meta[property="og:title"]')).toHaveAttribute('content', title);
        const description = await head.locator('meta[name="description"]').getAttribute('content');
        expect(description?.length ?? 0, route).toBeGreaterThan(50);
        const image = await head.locator('meta[property="og:image"]').getAttribute('content');
        expect(image, route).toMatch(new RegExp(`^${BASE}/images/.+\\.jpg$`));
        const imageResponse = await request.get(image ?? '');
        expect(imageResponse.status(), image ?? '').toBe(200);
        expect(imageResponse.headers()['content-type']).toBe('image/jpeg');
      }
    },
  );
}

test.describe('the public site', () => {
  for (const [title, run] of journeys) {
    test(title, ({ page, request }, testInfo) => run({ page, request }, testInfo));
  }
});

test.describe('search engines', () => {
  test('robots.txt keeps staff pages out and names the sitemap', async ({ request }) => {
    const response = await request.get('/robots.txt');
    expect(response.status()).toBe(200);
    const robots = await response.text();
    for (const route of [
      '/dashboard',
      '/articles',
      '/article',
      '/qrcodes',
      '/stats',
      '/settings',
      '/admin',
      '/r/',
    ]) {
      expect(robots).toContain(`Disallow: ${route}\n`);
    }
    expect(robots).toContain(`Sitemap: ${BASE}/sitemap.xml`);
  });

  test('the sitemap lists the public pages and every post in both languages', async ({
    request,
  }) => {
    const response = await request.get('/sitemap.xml');
    expect(response.status()).toBe(200);
    const xml = await response.text();
    const locs = [...xml.matchAll(/<loc>(.*?)<\/loc>/g)].map((m) => m[1]);
    for (const lang of LANGS) {
      for (const route of [
        '/',
        '/blog',
        '/contact',
        ...SPEC_ROUTES[lang].map((r) => `/blog/${r}`),
      ]) {
        expect(locs).toContain(`${BASE}${url(lang, route)}`);
      }
    }
    expect(locs.some((loc) => /dashboard|articles|login|admin/.test(loc ?? ''))).toBe(false);
    for (const loc of locs) {
      const page = await request.get(loc ?? '');
      expect(page.status(), loc).toBe(200);
    }
  });
});

test.describe('accessibility of the public pages', () => {
  const pages = [
    '/',
    '/contact',
    '/blog',
    ...SPEC_ROUTES.fr.map((route) => `/blog/${route}`),
    '/blog/klingon',
    '/nothing-here',
  ];
  const POST_TWINS = SPEC_ROUTES.fr.slice(1).map((route) => `/blog/${route}`);
  // Each page in each language at both widths cost a minute of the suite for the same
  // templates: French on a desktop and English on a phone cover both languages and both layouts.
  for (const [lang, width] of [
    ['fr', 1280],
    ['en', 375],
  ] as const) {
    test(`axe finds nothing on every public page (${lang}, ${width} px)`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width, height: 900 });
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      const scripts = recordScripts(page);
      // The six posts share one template: on a phone, one of them stands for all.
      const routes = width === 1280 ? pages : pages.filter((r) => !POST_TWINS.includes(r));
      for (const route of routes) {
        const target = url(
          lang,
          lang === 'en' ? route.replace('pourquoi-legenda', 'why-legenda') : route,
        );
        scripts.clear();
        await visit(page, target);
        // No React for the top bar, the toasts or 'Book a demo' (only the landing page's
        // carousel brings it, once scrolled into view).
        expect(await scripts.withReact(), `${target} loads React`).toEqual([]);
        await expectNoViolations(page);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${target} scrolls sideways`).toBeLessThanOrEqual(0);
      }
      expect(errors.filter((e) => /Content Security Policy|Refused/.test(e))).toEqual([]);
    });
  }
});
