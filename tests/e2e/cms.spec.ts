import fs from 'node:fs';
import type { Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { parse as parseYaml, stringify as stringifyYaml } from 'yaml';
import { blogPostSchema } from '../../src/site/blog/schema.ts';
import { expect, test } from './fixtures.ts';

/** A Markdown file's front matter (YAML) and body. */
function parseFrontmatter(text: string): { frontmatter: unknown; content: string } {
  const match = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?([\s\S]*)$/.exec(text);
  return { frontmatter: parseYaml(match?.[1] ?? ''), content: match?.[2] ?? text };
}

/**
 * The blog's CMS (Decap CMS at /admin): a post written through its editor, in French
 * and English, lands as two files whose front matter passes the blog's schema, under the
 * server's CSP for /admin. The real public/admin/config.yml is served with Decap's in-memory
 * test-repo backend instead of Git Gateway; the files it writes are in `window.repoFiles`.
 */

const CONFIG = parseYaml(
  fs.readFileSync(new URL('../../public/admin/config.yml', import.meta.url), 'utf8'),
) as Record<string, unknown>;

/** The 5 MB bundle, parsed on a busy two-core machine. */
const CMS_LOADED = 90_000;

/** A cover as a person would pick it: a small PNG the CMS crops to 1200×630 and turns to JPEG. */
function coverPng(): Buffer {
  const png = new PNG({ width: 80, height: 60 });
  for (let i = 0; i < png.data.length; i += 4) png.data.set([180, 90, 40, 255], i);
  return PNG.sync.write(png);
}

type RepoTree = { [name: string]: RepoTree | { path: string; content: unknown } };

/** The text of a file test-repo holds (its files are nested objects, path segment by segment). */
function readRepoFile(page: Page, path: string): Promise<string | undefined> {
  return page.evaluate((segments) => {
    let node: unknown = (window as unknown as { repoFiles: RepoTree }).repoFiles;
    for (const segment of segments) node = (node as RepoTree | undefined)?.[segment];
    const content = (node as { content?: unknown } | undefined)?.content;
    return typeof content === 'string' ? content : undefined;
  }, path.split('/'));
}

/** The size and type of an uploaded image, from the File test-repo keeps. */
function readRepoImage(page: Page, path: string) {
  return page.evaluate(async (segments) => {
    let node: unknown = (window as unknown as { repoFiles: RepoTree }).repoFiles;
    for (const segment of segments) node = (node as RepoTree | undefined)?.[segment];
    const file = (node as { content?: { fileObj?: File } } | undefined)?.content?.fileObj;
    if (!file) return undefined;
    const bitmap = await createImageBitmap(file);
    return { type: file.type, width: bitmap.width, height: bitmap.height };
  }, path.split('/'));
}

/**
 * The media files kept, with their bytes, in the editor's local backup of a new post (Decap
 * stores it with localForage in IndexedDB, two seconds after the last change; it reads each
 * picked file back from its blob: URL, which the CSP must allow).
 */
function draftBackupMedia(page: Page): Promise<string[]> {
  return page.evaluate(
    () =>
      new Promise<string[]>((resolve) => {
        const open = indexedDB.open('localforage');
        // Not there yet: leave its creation to the CMS.
        open.onupgradeneeded = () => open.transaction?.abort();
        open.onerror = () => resolve([]);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains('keyvaluepairs')) {
            db.close();
            resolve([]);
            return;
          }
          const read = db
            .transaction('keyvaluepairs')
            .objectStore('keyvaluepairs')
            .get('backup.blog');
          read.onerror = () => {
            db.close();
            resolve([]);
          };
          read.onsuccess = () => {
            db.close();
            const media = (read.result?.mediaFiles ?? []) as { name: string; file?: unknown }[];
            resolve(media.filter((file) => file.file).map((file) => file.name));
          };
        };
      }),
  );
}

/** The editor's column for one language: the one holding its "Écrire en XX" button. */
function column(page: Page, locale: 'FR' | 'EN') {
  return page
    .locator('div')
    .filter({ has: page.getByRole('button', { name: `Écrire en ${locale}`, exact: true }) })
    .filter({ has: page.getByLabel('Titre', { exact: true }) })
    .last();
}

test.describe('the blog CMS', () => {
  test('speaks one language per interface, and says to run npm run cms without its local backend', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const interfaces = [
      {
        path: '/admin',
        lang: 'fr',
        heading: 'Lancez le serveur local de l’éditeur',
        retry: 'Vérifier de nouveau',
        stillMissing: 'Le serveur local ne répond toujours pas. Est-il lancé dans ce projet\u00a0?',
        signIn: 'Se connecter',
        fields: ['Adresse e-mail', 'Mot de passe'],
        foreign: ['Email', 'Password', 'Login'],
      },
      {
        path: '/en/admin',
        lang: 'en',
        heading: 'Start the editor’s local server',
        retry: 'Check again',
        stillMissing: 'The local server still does not answer. Is it running in this project?',
        signIn: 'Login',
        fields: ['Email', 'Password'],
        foreign: ['Adresse e-mail', 'Mot de passe', 'Se connecter'],
      },
    ] as const;

    // On this computer (127.0.0.1), with the real configuration (local_backend) and no
    // `npm run cms`: the page says what to run; nothing tries the local backend's address and
    // the console stays clean.
    const tried: string[] = [];
    const errors: string[] = [];
    page.on('request', (request) => {
      const target = new URL(request.url());
      if (target.port === '8081' || target.pathname.endsWith('/decap-cms.js')) {
        tried.push(request.url());
      }
    });
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    for (const ui of interfaces) {
      const response = await page.goto(ui.path);
      expect(response?.status(), ui.path).toBe(200);
      expect(response?.headers()['content-security-policy']).toContain("script-src 'self'");
      await expect(page.locator('html')).toHaveAttribute('lang', ui.lang);
      const heading = page.getByRole('heading', { level: 1, name: ui.heading, exact: true });
      await expect(heading).toBeVisible();
      await expect(page.getByText('npm run cms', { exact: true })).toBeVisible();
      await page.getByRole('button', { name: ui.retry, exact: true }).click();
      await expect(page.getByRole('status')).toHaveText(ui.stillMissing);
      await expect(heading).toBeVisible();
    }
    expect(tried).toEqual([]);
    expect(errors).toEqual([]);

    // The deployed site's Git Gateway sign-in: every word in the interface's language.
    // Each interface's own file (/admin/config.yml, /en/admin/config.yml), without local_backend.
    await page.route('**/admin/config.yml', (route) => {
      const file = new URL(
        `../../public${new URL(route.request().url()).pathname}`,
        import.meta.url,
      );
      const own = parseYaml(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      return route.fulfill({
        contentType: 'text/yaml; charset=utf-8',
        body: stringifyYaml({ ...own, local_backend: false }),
      });
    });
    for (const ui of interfaces) {
      await page.goto(ui.path);
      await expect(page.getByRole('button', { name: ui.signIn, exact: true })).toBeVisible({
        timeout: CMS_LOADED,
      });
      for (const word of ui.fields) {
        await expect(page.getByLabel(word, { exact: true })).toHaveAttribute('placeholder', word);
      }
      for (const word of ui.foreign) {
        await expect(page.getByPlaceholder(word, { exact: true })).toHaveCount(0);
        await expect(page.getByRole('button', { name: word, exact: true })).toHaveCount(0);
      }
    }
  });

  test('writes a post in French and English that the blog accepts', async ({ page }) => {
    test.setTimeout(240_000);

    // The production file: Git Gateway, decap-server when run locally.
    expect(CONFIG.backend).toMatchObject({ name: 'git-gateway' });
    expect(CONFIG.local_backend).toBe(true);
    const config = { ...CONFIG, backend: { name: 'test-repo' }, local_backend: false };
    await page.route('**/admin/config.yml', (route) =>
      route.fulfill({ contentType: 'text/yaml; charset=utf-8', body: stringifyYaml(config) }),
    );

    // Every CSP violation, from the browser's own messages and from the page's event.
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy|CSP violation/i.test(message.text())) {
        violations.push(message.text());
      }
    });
    page.on('pageerror', (error) => {
      if (/Content Security Policy/i.test(error.message)) violations.push(error.message);
    });
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (event) => {
        console.error(`CSP violation: ${event.violatedDirective} ${event.blockedURI}`);
      });
    });

    const response = await page.goto('/admin');
    expect(response?.status()).toBe(200);
    const csp = response?.headers()['content-security-policy'] ?? '';
    expect(csp).toContain("style-src 'self' 'unsafe-inline'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(response?.headers()['x-frame-options']).toBe('DENY');
    await expect(page).toHaveTitle('Legenda · Blog (CMS)');
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);

    // test-repo's sign-in is one button.
    await page
      .getByRole('button', { name: 'Se connecter', exact: true })
      .click({ timeout: CMS_LOADED });
    await expect(page.getByRole('heading', { name: 'Blog', exact: true })).toBeVisible({
      timeout: 30_000,
    });
    // Decap's French, completed by public/admin/phrases-fr.json: no English left in sight.
    await expect(page.getByRole('button', { name: 'Médias', exact: true })).toBeVisible();
    await expect(page.getByText('Media', { exact: true })).toHaveCount(0);
    await page.getByRole('link', { name: 'Créer une entrée de type Article', exact: true }).click();
    await expect(
      page.getByRole('button', { name: 'Remplir depuis une autre langue', exact: true }),
    ).toHaveCount(2);
    await expect(page.getByText('Fill in from another locale', { exact: true })).toHaveCount(0);

    // French first: the file name comes from the French title.
    const fr = column(page, 'FR');
    await fr.getByLabel('Titre', { exact: true }).fill('Un été au musée');
    await fr.getByLabel('Résumé', { exact: true }).fill('Trois mois de visites en douze langues.');
    await fr.getByLabel('Date de publication', { exact: true }).fill('2026-05-12');
    await expect(fr.getByLabel('Auteur ou autrice', { exact: true })).toHaveValue(
      'Camille Laurent',
    );
    await fr.getByLabel('Auteur ou autrice', { exact: true }).fill('Lucie Martin');

    await fr.getByRole('button', { name: 'Choisir une image', exact: true }).click();
    const library = page.getByRole('dialog');
    await library.locator('input[type="file"]').setInputFiles({
      name: 'Salle Nord.png',
      mimeType: 'image/png',
      buffer: coverPng(),
    });
    await expect(library.getByText('salle-nord.jpg', { exact: true })).toBeVisible({
      timeout: 30_000,
    });
    await library.getByRole('button', { name: 'Choisir les éléments sélectionnés' }).click();
    await expect(library).toHaveCount(0);
    await expect(
      fr.getByRole('button', { name: 'Choisir une image différente', exact: true }),
    ).toBeVisible();
    // The draft's local backup keeps the cover too.
    await expect
      .poll(() => draftBackupMedia(page), { timeout: 30_000 })
      .toEqual(['salle-nord.jpg']);
    await fr
      .getByLabel('Texte alternatif de l’image (optionnel)', { exact: true })
      .fill('La salle nord du musée, vide, au petit matin');
    await fr.locator('[contenteditable="true"]').click();
    await page.keyboard.type('Les visiteurs ont lu les cartels dans leur langue.');

    // Then English, in its own column.
    const en = column(page, 'EN');
    await en.getByLabel('Titre', { exact: true }).fill('A summer at the museum');
    await en
      .getByLabel('Résumé', { exact: true })
      .fill('Three months of visits in twelve languages.');
    await en
      .getByLabel('Texte alternatif de l’image (optionnel)', { exact: true })
      .fill('The museum’s north room, empty, early in the morning');
    await en
      .getByLabel('Adresse dans cette langue (optionnel)', { exact: true })
      .fill('summer-at-the-museum');
    await en.locator('[contenteditable="true"]').click();
    await page.keyboard.type('Visitors read the labels in their own language.');

    await page.getByRole('button', { name: 'Publier', exact: true }).click();
    await page.getByRole('menuitem', { name: 'Publier maintenant', exact: true }).click();
    // The toolbar says so once the backend has the files.
    await expect(page.getByRole('button', { name: 'Publiée', exact: true })).toBeVisible({
      timeout: 30_000,
    });

    // Both files, with front matter the blog's content collection accepts.
    const files = {
      fr: 'content/blog/fr/un-ete-au-musee.md',
      en: 'content/blog/en/un-ete-au-musee.md',
    };
    await expect.poll(() => readRepoFile(page, files.fr)).toBeDefined();
    await expect.poll(() => readRepoFile(page, files.en)).toBeDefined();
    const post = async (path: string) => {
      const { frontmatter, content } = parseFrontmatter((await readRepoFile(page, path)) ?? '');
      return { front: blogPostSchema.parse(frontmatter), body: content.trim() };
    };
    const frPost = await post(files.fr);
    const enPost = await post(files.en);
    expect(frPost.front).toEqual({
      title: 'Un été au musée',
      description: 'Trois mois de visites en douze langues.',
      date: new Date('2026-05-12'),
      cover: '/images/blog/salle-nord.jpg',
      coverAlt: 'La salle nord du musée, vide, au petit matin',
      author: 'Lucie Martin',
      tags: [],
    });
    expect(frPost.body).toBe('Les visiteurs ont lu les cartels dans leur langue.');
    expect(enPost.front).toEqual({
      title: 'A summer at the museum',
      description: 'Three months of visits in twelve languages.',
      date: new Date('2026-05-12'),
      cover: '/images/blog/salle-nord.jpg',
      coverAlt: 'The museum’s north room, empty, early in the morning',
      author: 'Lucie Martin',
      tags: [],
      route: 'summer-at-the-museum',
    });
    expect(enPost.body).toBe('Visitors read the labels in their own language.');

    // The cover went to the media folder, cropped, scaled and converted in the browser.
    expect(await readRepoImage(page, 'public/images/blog/salle-nord.jpg')).toEqual({
      type: 'image/jpeg',
      width: 1200,
      height: 630,
    });

    // And the post is in the collection's list.
    await page.getByRole('link', { name: /Écriture dans la collection Blog/ }).click();
    await expect(page.getByText('Un été au musée (12-05-2026)', { exact: true })).toBeVisible();

    expect(violations).toEqual([]);
  });
});
