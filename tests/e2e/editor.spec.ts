import { randomUUID } from 'node:crypto';
import type { Locator, Page } from '@playwright/test';
import { newBlock, newDetail } from '../../src/features/articles/content.ts';
import {
  staffJourneys,
  dict,
  escapeRegExp,
  expect,
  expectNoViolations,
  fill,
  LANGS,
  MUSEUM_SETTINGS,
  post,
  test,
  toast,
  url,
  visit,
} from './fixtures.ts';

/**
 * The article editor: a curator builds a real panel with
 * every element type, uploads, moves and deletes, saves and finds it again, in French and in
 * English; the live preview is checked against what was typed at every step.
 */

type Json = Record<string, unknown>;
type Article = { id: number; name: string; unformatted_name: string; content: Json[] };

// A 1x1 PNG; a WebM whose EBML header names its doctype (the server judges files by their bytes).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const WEBM = Buffer.concat([
  Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x87, 0x42, 0x82, 0x84]),
  Buffer.from('webm'),
  Buffer.alloc(64),
]);
const VTT = Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nBonjour\n');

// Processed at upload: the name carries the image's size (articles/image-sizes.ts).
const IMAGE_SRC = /^\/media\/\d+\/images\/[A-Za-z0-9]+-w1h1\.png$/;
const VIDEO_SRC = /^\/media\/\d+\/videos\/[A-Za-z0-9]{6}-[A-Za-z0-9]+\.webm$/;
const VTT_SRC = /^\/media\/\d+\/subtitles\/[A-Za-z0-9]{6}-[A-Za-z0-9]+\.vtt$/;
const UPLOADED_IMAGE = expect.stringMatching(IMAGE_SRC);

async function newArticle(page: Page, title: string): Promise<Article> {
  const created = await post<{ id: number }>(page, 'add_article', { pathArray: [] }, 201);
  await post(page, 'rename_article', { articleId: created.id, newName: title });
  return readArticle(page, created.id);
}

async function readArticle(page: Page, id: number): Promise<Article> {
  const response = await page.request.get(`/api/read/article?articleId=${id}`);
  expect(response.status()).toBe(200);
  return (await response.json()) as Article;
}

const unique = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}`;

/** '#ffcc00' → 'rgb(255, 204, 0)', as computed styles say it. */
function rgb(hex: string): string {
  const n = Number.parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
}

/** The text a visitor reads: the [! !] italics markers are not shown. */
const shown = (text: string) => text.replace(/\[!|!\]/g, '');

/** Runs `act`, accepting the dialog it opens; what the dialog was. */
async function acceptDialog(page: Page, act: () => Promise<void>) {
  const seen = new Promise<{ type: string; message: string }>((resolve) => {
    page.once('dialog', (dialog) => {
      resolve({ type: dialog.type(), message: dialog.message() });
      void dialog.accept();
    });
  });
  await act();
  return seen;
}

const journeys = staffJourneys<'signIn' | 'browser'>();

for (const lang of LANGS) {
  const t = dict[lang];
  const te = t.editor;
  const f = te.field;
  const typeName = (type: string) => te.types[type as keyof typeof te.types];
  const elementRef = (n: number) => fill(te.elementRef, { n: String(n) });
  const detailRef = (n: number, d: number) => fill(te.detailRef, { n: String(n), d: String(d) });

  /** The editor's pieces. */
  const screen = (page: Page) => {
    const main = page.getByRole('main');
    const settings = main.getByRole('region', { name: te.settings, exact: true });
    const preview = page.locator('.phone__screen');
    const tabs = main.getByRole('tablist', { name: te.viewSwitch, exact: true });
    return {
      main,
      settings,
      preview,
      tabs,
      editTab: tabs.getByRole('tab', { name: te.viewEdit, exact: true }),
      previewTab: tabs.getByRole('tab', { name: te.viewPreview, exact: true }),
      blocks: preview.locator('.reader-blocks > *'),
      heading: main.getByRole('heading', { level: 1 }),
      save: main.getByRole('button', { name: te.save, exact: true }),
      reset: main.getByRole('button', { name: te.reset, exact: true }),
      live: main.getByRole('link', { name: new RegExp(`^${escapeRegExp(te.seeLive)}`) }),
      state: main.getByRole('group', { name: te.actions, exact: true }).getByRole('status'),
      title: settings.getByLabel(f.title, { exact: true }),
      publicTitle: settings.getByLabel(f.publicTitle, { exact: true }),
      url: settings.getByLabel(f.url, { exact: true }),
      background: settings.getByLabel(f.background, { exact: true }),
      instructions: settings.getByLabel(f.instructions, { exact: true }),
      cards: main.locator('.element-list > li'),
      card: (n: number, type: string) =>
        main.getByRole('group', {
          name: fill(te.element, { n: String(n), type: typeName(type) }),
          exact: true,
        }),
      dialog: page.getByRole('alertdialog'),
    };
  };

  /** A field of an element or detail, by its visible label and the card's hidden suffix. */
  const field = (scope: Locator, label: string, suffix: string) =>
    scope.getByLabel(`${label} (${suffix})`, { exact: true });

  /** Adds an element of `type` after element `after` (0: with the control at the top). */
  async function addElement(page: Page, after: number, type: string) {
    const where = after === 0 ? te.atTop : fill(te.afterElement, { n: String(after) });
    const scope = after === 0 ? screen(page).settings : screen(page).main;
    await scope.getByLabel(`${te.newElement} (${where})`, { exact: true }).selectOption(type);
    await scope.getByRole('button', { name: `${te.add} (${where})`, exact: true }).click();
  }

  async function open(page: Page, article: Article) {
    await visit(page, url(lang, `/article?id=${article.id}`));
    const s = screen(page);
    await expect(s.heading).toHaveText(
      fill(te.heading, { id: String(article.id), name: article.unformatted_name }),
    );
    return s;
  }

  /** Uploads into a file input and waits for the element to hold the file. */
  async function upload(input: Locator, name: string, mimeType: string, buffer: Buffer) {
    const group = input.locator(
      'xpath=ancestor::div[contains(concat(" ", @class, " "), " editor-upload ")][1]',
    );
    await input.setInputFiles({ name, mimeType, buffer });
    await expect(group.getByRole('status')).toContainText(te.upload.current);
  }

  /** `content` with every element's name left open: the editor names new elements itself. */
  function anyNames(content: readonly unknown[]): unknown[] {
    const open = (element: Json): Json => ({ ...element, id: expect.any(String) });
    return content.map((element, index) => {
      if (index === 0) return element;
      const named = open(element as Json);
      const details = (element as Json).details as Json[] | undefined;
      return details ? { ...named, details: details.map(open) } : named;
    });
  }

  /** Sets, through the form, every field of `block` that differs from a new element's. */
  async function fillFields(scope: Locator, suffix: string, block: Json, defaults: Json) {
    const type = block.type as string;
    for (const [key, value] of Object.entries(block)) {
      if (['type', 'id', 'header', 'details', 'videoId'].includes(key) || value === defaults[key]) {
        continue;
      }
      const label = {
        content: type === 'header' ? f.headerContent : f.content,
        src: type === 'video' ? f.video : f.image,
        subtitles: f.subtitles,
        alt: f.alt,
        link: f.link,
        fontSize: f.fontSize,
        lineHeight: f.lineHeight,
        color: f.color,
        bold: f.bold,
        italic: f.italic,
        size: type === 'space' ? f.spaceSize : f.size,
        width: f.legendWidth,
        justify: type === 'legendItem' ? f.side : f.justify,
        align: f.align,
      }[key];
      if (!label) throw new Error(`No field for ${key}`);
      const input = field(scope, label, suffix);
      if (key === 'src' && type === 'video') await upload(input, 'film.webm', 'video/webm', WEBM);
      else if (key === 'src') await upload(input, 'photo.png', 'image/png', PNG);
      else if (key === 'subtitles') await upload(input, 'film.vtt', 'text/vtt', VTT);
      else if (typeof value === 'boolean') await input.setChecked(value);
      else if (['justify', 'align'].includes(key)) await input.selectOption(String(value));
      else await input.fill(String(value));
    }
  }

  /** Adds element `n` (after n - 1) and fills it in, accordion details included. */
  async function build(page: Page, n: number, block: Json) {
    await addElement(page, n - 1, block.type as string);
    const card = screen(page).card(n, block.type as string);
    await expect(card).toBeVisible();
    await expect(
      card.getByRole('button', { name: `${te.moveUp} (${elementRef(n)})`, exact: true }),
    ).toBeEnabled({ enabled: n > 1 });
    await fillFields(card, elementRef(n), block, newBlock(block.type as 'text') as Json);
    if (block.type !== 'accordion') return;
    const header = { ...(block.header as Json), type: 'header' };
    await fillFields(card, elementRef(n), header, { ...newBlock('accordion').header });
    for (const [i, detail] of (block.details as Json[]).entries()) {
      const where =
        i === 0
          ? fill(te.detailsTop, { n: String(n) })
          : fill(te.afterDetail, { n: String(n), d: String(i) });
      await card
        .getByLabel(`${te.newDetail} (${where})`, { exact: true })
        .selectOption(detail.type as string);
      await card.getByRole('button', { name: `${te.add} (${where})`, exact: true }).click();
      const scope = card.getByRole('group', {
        name: fill(te.detail, { d: String(i + 1), type: typeName(detail.type as string) }),
        exact: true,
      });
      await fillFields(
        scope,
        detailRef(n, i + 1),
        detail,
        newDetail(detail.type as 'text') as Json,
      );
    }
  }

  /** The preview shows one block as `block` says (text, styles, media). */
  async function expectShown(node: Locator, block: Json) {
    const textStyle = async (element: Locator, value: Json) => {
      await expect(element).toHaveCSS('font-size', `${String(value.fontSize)}px`);
      await expect(element).toHaveCSS('color', rgb(value.color as string));
      await expect(element).toHaveCSS('font-weight', value.bold ? '700' : '400');
      await expect(element).toHaveCSS('font-style', value.italic ? 'italic' : 'normal');
    };
    const width = (element: Locator, percent: unknown) =>
      expect.poll(() => element.evaluate((e: HTMLElement) => e.style.width)).toBe(`${percent}%`);
    const justify = (value: unknown) => expect(node).toHaveCSS('justify-content', String(value));
    switch (block.type) {
      case 'text': {
        const p = node.locator('p.reader-text');
        await expect(p).toHaveText(shown(block.content as string));
        await textStyle(p, block);
        await expect(p).toHaveCSS('line-height', `${String(block.lineHeight)}px`);
        // The editor's left and right are the line's start and end (view-values.ts).
        const align = block.align as string;
        const logical: Record<string, string> = { left: 'start', right: 'end' };
        await expect(p).toHaveCSS('text-align', logical[align] ?? align);
        await width(p, block.size);
        await justify(block.justify);
        const italics = [...(block.content as string).matchAll(/\[!(.*?)!\]/g)].map((m) => m[1]);
        await expect(p.locator('em')).toHaveText(italics as string[]);
        return;
      }
      case 'image': {
        const img = node.locator('img.reader-image');
        await expect(img).toHaveAttribute('src', IMAGE_SRC);
        await expect(img).toHaveAttribute('alt', block.alt as string);
        await width(img, block.size);
        await justify(block.justify);
        return;
      }
      case 'video': {
        const video = node.locator('video.reader-video');
        // The preview, like the visitor page, starts the video just after 0 (its first frame).
        await expect(video).toHaveAttribute(
          'src',
          new RegExp(`${VIDEO_SRC.source.slice(0, -1)}#t=0\\.001$`),
        );
        await expect(video.locator('track')).toHaveAttribute('src', VTT_SRC);
        await width(video, block.size);
        await justify(block.justify);
        return;
      }
      case 'link': {
        const link = node.locator('.reader-link');
        await expect(link).toHaveAttribute('href', block.link as string);
        await expect(link.locator('.reader-link-text')).toHaveText(shown(block.content as string));
        await textStyle(link, block);
        await width(link, block.size);
        await justify(block.justify);
        if (block.src) await expect(link.locator('img')).toHaveAttribute('src', IMAGE_SRC);
        return;
      }
      case 'space':
        await expect(node).toHaveCSS('height', `${String(block.size)}px`);
        return;
      case 'legendItem': {
        const legend = node.locator('.reader-legend');
        await expect(legend).toHaveCSS(
          'flex-direction',
          block.justify === 'right' ? 'row-reverse' : 'row',
        );
        await width(legend, block.size);
        const p = legend.locator('.reader-legend-text');
        await expect(p).toHaveText(shown(block.content as string));
        await textStyle(p, block);
        if (block.src) {
          await expect(legend.locator('img')).toHaveAttribute('src', IMAGE_SRC);
          await width(legend.locator('img'), block.width);
        }
        return;
      }
      case 'accordion': {
        const header = block.header as Json;
        const summary = node.locator('summary.reader-summary');
        await expect(summary).toHaveText(shown(header.content as string));
        await textStyle(summary, header);
        await width(node.locator('details'), header.size);
        await justify(header.justify);
        const details = node.locator('.reader-accordion-body > *');
        await expect(details).toHaveCount((block.details as Json[]).length);
        for (const [i, detail] of (block.details as Json[]).entries()) {
          await expectShown(details.nth(i), detail);
        }
        return;
      }
      default:
        throw new Error(`Unexpected block ${String(block.type)}`);
    }
  }

  /** The whole preview against the content: background, one node per block, in order. */
  async function expectPreview(page: Page, content: Json[]) {
    const s = screen(page);
    await expect(s.preview.locator('.reader')).toHaveCSS(
      'background-color',
      rgb(content[0]!.backgroundColor as string),
    );
    await expect(s.blocks).toHaveCount(content.length - 1);
    for (const [i, block] of content.slice(1).entries()) await expectShown(s.blocks.nth(i), block);
    await expect(s.preview.locator('.reader-footer')).toContainText('Legenda');
    await expect(s.preview.locator('.reader-language')).toHaveText('Français');
  }

  /** Holds the next answer to `path` until `release` is called (to see pending toasts). */
  async function holdNext(page: Page, path: string) {
    let release = () => {};
    const released = new Promise<void>((resolve) => (release = resolve));
    await page.route(`**${path}`, async (route) => {
      await released;
      await route.continue();
    });
    return () => release();
  }

  if (lang === 'fr') {
    test.describe('article editor (fr)', () => {
      // The whole story runs once, in French (the default language): it is the longest test of
      // the suite. The English wording is checked by the tests below, which run in both.
      test(
        'a curator builds a whole panel, saves it and finds it again, the preview in step',
        MUSEUM_SETTINGS,
        async ({ page, signIn }) => {
          test.setTimeout(180_000);
          await signIn();
          const article = await newArticle(page, lang === 'fr' ? 'Amphore' : 'Amphora');
          const s = await open(page, article);

          // The header, the title of the page, the way back and the live page.
          await expect(page).toHaveTitle(new RegExp(escapeRegExp(article.unformatted_name)));
          await expect(s.main.getByRole('link', { name: te.backToArticles })).toHaveAttribute(
            'href',
            url(lang, '/articles'),
          );
          await expect(s.live).toHaveAttribute(
            'href',
            `/article?name=${article.name}&ignoreStats=true`,
          );
          await expect(s.live).toHaveAttribute('target', '_blank');
          await expect(s.live).toHaveAttribute('rel', /noopener/);
          await expect(s.state).toHaveText(te.upToDate);
          await expect(s.main.getByText(te.empty, { exact: true })).toBeVisible();

          // The article's fields. A url with spaces is refused with the rule.
          const title = lang === 'fr' ? 'Amphore de Marseille' : 'Marseille amphora';
          const urlName = unique(lang === 'fr' ? 'amphore-de-marseille' : 'marseille-amphora');
          await s.title.fill(title);
          await expect(s.state).toHaveText(te.unsaved);
          await s.url.fill('salle 3 amphore');
          await expect(s.url).toHaveAttribute('aria-invalid', 'true');
          await expect(s.settings.getByText(te.errors.urlPattern, { exact: true })).toBeVisible();
          await expect(s.settings.getByText(f.urlHint, { exact: true })).toBeVisible();
          await s.url.fill(urlName);
          await expect(s.url).not.toHaveAttribute('aria-invalid', 'true');
          await s.background.fill('#1a2b3c');
          await expect(s.preview.locator('.reader')).toHaveCSS('background-color', rgb('#1a2b3c'));
          const instructions =
            lang === 'fr'
              ? 'Amphore : jarre antique à deux anses. Garder « Ier siècle ».'
              : 'Amphora: an ancient two-handled jar. Keep “1st century”.';
          await s.instructions.fill(instructions);
          await expect(s.settings.getByText(f.instructionsHint, { exact: true })).toBeVisible();
          // The title shown to visitors, beside the private one; a counter says how much is left.
          const publicTitle = lang === 'fr' ? 'Une amphore vinaire' : 'A wine amphora';
          await s.publicTitle.fill(publicTitle);
          await expect(
            s.settings.getByText(
              fill(f.publicTitleCount, { count: String(publicTitle.length), max: '120' }),
            ),
          ).toBeVisible();

          // The elements: every type, every option.
          const A = {
            ...newBlock('text'),
            content: lang === 'fr' ? 'Amphore [!vinaire!] du Ier siècle' : 'A [!wine!] amphora',
            fontSize: 20,
            lineHeight: 26,
            bold: true,
            color: '#ffcc00',
            size: 90,
            justify: 'flex-end',
            align: 'justify',
          };
          const B = {
            ...newBlock('text'),
            content: lang === 'fr' ? 'Trouvée au large du port' : 'Found off the harbour',
            fontSize: 18,
            italic: true,
            color: '#e0e0ff',
            justify: 'flex-start',
            align: 'center',
          };
          const image = {
            ...newBlock('image'),
            src: UPLOADED_IMAGE,
            alt: lang === 'fr' ? 'Amphore en terre cuite' : 'Clay amphora',
            size: 60,
            justify: 'flex-start',
          };
          const video = {
            ...newBlock('video'),
            src: expect.stringMatching(VIDEO_SRC),
            subtitles: expect.stringMatching(VTT_SRC),
            videoId: expect.stringMatching(/^[A-Za-z0-9]{6}$/),
            size: 80,
          };
          const link = {
            ...newBlock('link'),
            src: UPLOADED_IMAGE,
            content: lang === 'fr' ? 'Site du musée' : "The museum's site",
            link: 'https://example.org/musee',
            fontSize: 17,
            italic: true,
            color: '#aaffaa',
            size: 70,
            justify: 'flex-end',
          };
          const space = { ...newBlock('space'), size: 48 };
          const accordion = {
            ...newBlock('accordion'),
            header: {
              ...newBlock('accordion').header,
              content: lang === 'fr' ? 'En savoir plus' : 'Learn more',
              fontSize: 22,
              bold: true,
              color: '#ffe0f0',
              size: 95,
              justify: 'flex-start',
            },
            details: [
              { ...newDetail('text'), content: lang === 'fr' ? 'Détail' : 'Detail', fontSize: 14 },
              {
                ...newDetail('link'),
                content: lang === 'fr' ? 'Écrire' : 'Write',
                link: 'mailto:contact@museum.example',
              },
              { ...newDetail('image'), src: UPLOADED_IMAGE, size: 50 },
              { ...newDetail('space'), size: 12 },
              {
                ...newDetail('legendItem'),
                src: UPLOADED_IMAGE,
                width: 25,
                content: lang === 'fr' ? 'Anse' : 'Handle',
                justify: 'right',
              },
            ],
          };
          const legend = {
            ...newBlock('legendItem'),
            src: UPLOADED_IMAGE,
            alt: lang === 'fr' ? 'Pied' : 'Foot',
            width: 40,
            content: lang === 'fr' ? 'Le pied [!pointu!]' : 'The [!pointed!] foot',
            fontSize: 15,
            bold: true,
            size: 85,
            justify: 'right',
          };
          const hostile = {
            ...newBlock('text'),
            content: '<img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>',
          };
          const doomed = {
            ...newBlock('text'),
            content: lang === 'fr' ? 'À supprimer' : 'To delete',
          };

          const built: Json[] = [
            { type: 'metadatas', url: urlName, backgroundColor: '#1a2b3c', publicTitle },
          ];
          for (const block of [
            A,
            B,
            image,
            video,
            link,
            space,
            accordion,
            legend,
            hostile,
            doomed,
          ]) {
            await build(page, built.length, block);
            built.push(block);
            // Each new block as typed (the whole preview is checked after the moves and the save).
            await expect(s.blocks).toHaveCount(built.length - 1);
            await expectShown(s.blocks.last(), block);
          }
          await expectPreview(page, built);
          // The hostile text is shown as it was typed, and nothing ran.
          await expect(s.preview.getByText(hostile.content, { exact: true })).toBeVisible();
          await expect(s.preview.locator('img[src="x"], script')).toHaveCount(0);
          expect(
            await page.evaluate(() => (window as { __pwned?: unknown }).__pwned),
          ).toBeUndefined();

          // Video and subtitles share the video id the first upload got.
          const videoCard = s.card(4, 'video');
          const videoName = await videoCard
            .locator('.editor-upload')
            .first()
            .locator('.editor-upload__name')
            .textContent();
          const subtitlesName = await videoCard
            .locator('.editor-upload')
            .nth(1)
            .locator('.editor-upload__name')
            .textContent();
          expect(videoName?.slice(0, 7)).toBe(subtitlesName?.slice(0, 7));

          // Moves: B above A; the legend item above the accordion; a detail up. Delete the last.
          const moveUp = (n: number, type: string) =>
            s.card(n, type).getByRole('button', { name: `${te.moveUp} (${elementRef(n)})` });
          await expect(moveUp(1, 'text')).toBeDisabled();
          await moveUp(2, 'text').click();
          await expect(field(s.card(1, 'text'), f.content, elementRef(1))).toHaveValue(B.content);
          await expect(moveUp(1, 'text')).toBeDisabled();
          await expect(moveUp(2, 'text')).toBeEnabled();
          await moveUp(8, 'legendItem').click();
          await expect(s.card(7, 'legendItem')).toBeVisible();
          await expect(s.card(8, 'accordion')).toBeVisible();
          const accordionCard = s.card(8, 'accordion');
          const detailUp = (d: number, type: string) =>
            accordionCard
              .getByRole('group', {
                name: fill(te.detail, { d: String(d), type: typeName(type) }),
                exact: true,
              })
              .getByRole('button', { name: `${te.moveUp} (${detailRef(8, d)})`, exact: true });
          await expect(detailUp(1, 'text')).toBeDisabled();
          await detailUp(5, 'legendItem').click();
          await expect(detailUp(4, 'legendItem')).toBeEnabled();
          await s
            .card(10, 'text')
            .getByRole('button', { name: `${te.delete} (${elementRef(10)})`, exact: true })
            .click();
          await s.dialog.getByRole('button', { name: te.deleteConfirm, exact: true }).click();
          await expect(s.cards).toHaveCount(9);

          const [d1, d2, d3, d4, d5] = accordion.details;
          const expected: Json[] = [
            built[0]!,
            B,
            A,
            image,
            video,
            link,
            space,
            legend,
            { ...accordion, details: [d1, d2, d3, d5, d4] },
            hostile,
          ];
          await expectPreview(page, expected);

          // Save: pending, then saved; the stored article is what was typed.
          const release = await holdNext(page, '/api/manage/update_article');
          await s.save.click();
          await expect(toast(page, te.saving)).toBeVisible();
          release();
          await expect(toast(page, te.saved)).toBeVisible();
          await expect(s.state).toHaveText(te.upToDate);
          const saved = await readArticle(page, article.id);
          // Each element named by the editor (block-ids.ts): names of its own, none repeated.
          expect(saved.content).toEqual(anyNames(expected));
          const names = (saved.content as Json[])
            .slice(1)
            .flatMap((e) => [e.id, ...((e.details as Json[] | undefined) ?? []).map((d) => d.id)]);
          expect(new Set(names).size).toBe(names.length);
          expect(saved.unformatted_name).toBe(title);
          expect(saved.name).toBe(urlName);
          expect((await page.request.get(`/api/read/article?articleId=${article.id}`)).ok()).toBe(
            true,
          );
          const savedVideo = saved.content[4] as {
            src: string;
            subtitles: string;
            videoId: string;
          };
          expect(savedVideo.src).toContain(`/${savedVideo.videoId}-`);
          expect(savedVideo.subtitles).toContain(`/${savedVideo.videoId}-`);
          await expect(s.heading).toHaveText(
            fill(te.heading, { id: String(article.id), name: title }),
          );
          await expect(page).toHaveTitle(new RegExp(escapeRegExp(title)));
          await expect(s.live).toHaveAttribute('href', `/article?name=${urlName}&ignoreStats=true`);

          // A reload shows the same article, in the form and in the preview.
          await page.reload();
          await expect(s.heading).toHaveText(
            fill(te.heading, { id: String(article.id), name: title }),
          );
          await expect(s.title).toHaveValue(title);
          await expect(s.publicTitle).toHaveValue(publicTitle);
          await expect(s.url).toHaveValue(urlName);
          await expect(s.background).toHaveValue('#1a2b3c');
          await expect(s.instructions).toHaveValue(instructions);
          const second = s.card(2, 'text');
          await expect(field(second, f.content, elementRef(2))).toHaveValue(A.content);
          await expect(field(second, f.fontSize, elementRef(2))).toHaveValue('20');
          await expect(field(second, f.lineHeight, elementRef(2))).toHaveValue('26');
          await expect(field(second, f.bold, elementRef(2))).toBeChecked();
          await expect(field(second, f.color, elementRef(2))).toHaveValue('#ffcc00');
          await expect(field(second, f.justify, elementRef(2))).toHaveValue('flex-end');
          await expect(field(second, f.align, elementRef(2))).toHaveValue('justify');
          await expectPreview(page, expected);

          // The live page shows it to visitors: they choose a language, here the original.
          const [visitor] = await Promise.all([
            page.context().waitForEvent('page'),
            s.live.click(),
          ]);
          await visitor.locator('a[href*="lang=fr"]').first().click();
          await expect(visitor.locator('.reader-text').first()).toHaveText(B.content);
          await expect(visitor).toHaveTitle(publicTitle);
          // In another language, the public title is translated with the texts: heading and tab.
          await visitor.goto(`/article?name=${urlName}&lang=es`);
          await expect(visitor.getByRole('heading', { level: 1 })).toHaveText(
            `[es] ${publicTitle}`,
          );
          await expect(visitor).toHaveTitle(`[es] ${publicTitle}`);
          await visitor.close();
        },
      );

      test('two tabs save one article: the second is told, keeps its text and chooses', async ({
        page,
        browser,
        signIn,
      }) => {
        // Runs once, in French: the strings are the same keys in English.
        // Two tabs, three page loads: a few seconds, with room for a busy machine.
        test.setTimeout(60_000);
        await signIn();
        const created = await newArticle(page, 'Vitrine partagée');
        await post(page, 'update_article', {
          articleId: created.id,
          newContent: [
            { type: 'metadatas', url: unique('vitrine'), backgroundColor: '#341539' },
            { ...newBlock('text'), content: "Texte d'origine" },
          ],
          unformatted_name: created.unformatted_name,
          instructions: '',
        });
        const article = await readArticle(page, created.id);
        // Anne works in this page; Bruno in another browser context (its own tab and storage,
        // the same museum: the session cookie is copied, a sign-in costs seconds of scrypt),
        // opened before Anne saves.
        const other = await browser.newContext();
        await other.addCookies(await page.context().cookies());
        const bruno = await other.newPage();
        const [a, b] = await Promise.all([open(page, article), open(bruno, article)]);
        const text = (s: ReturnType<typeof screen>) =>
          field(s.card(1, 'text'), f.content, elementRef(1));
        const conflict = b.dialog;
        const saved = async () => (await readArticle(page, article.id)).content[1]?.content;

        await text(a).fill("Version d'Anne");
        await a.save.click();
        await expect(toast(page, te.saved)).toBeVisible();
        await expect(a.state).toHaveText(te.upToDate);

        // Bruno saves on the revision he opened: refused, told in French, his text kept.
        await text(b).fill('Version de Bruno');
        await b.save.click();
        await expect(conflict).toBeVisible();
        await expect(conflict).toHaveAccessibleName(te.conflictTitle);
        await expect(conflict).toHaveAccessibleDescription(
          new RegExp(escapeRegExp(te.conflictText)),
        );
        await expect(conflict.getByRole('button', { name: te.conflictKeep })).toBeFocused();
        expect(await saved()).toBe("Version d'Anne");
        await expect(toast(bruno, te.saved)).toHaveCount(0);
        // Escape closes it and changes nothing; saving again asks again.
        await bruno.keyboard.press('Escape');
        await expect(conflict).toHaveCount(0);
        await expect(text(b)).toHaveValue('Version de Bruno');
        await expect(b.state).toHaveText(te.unsaved);
        await bruno.keyboard.press('ControlOrMeta+s');
        await expect(conflict).toBeVisible();
        expect(await saved()).toBe("Version d'Anne");

        // He overwrites knowingly, from the keyboard; his next save is no conflict.
        await bruno.keyboard.press('Tab');
        await bruno.keyboard.press('Tab');
        await expect(conflict.getByRole('button', { name: te.conflictOverwrite })).toBeFocused();
        await bruno.keyboard.press('Enter');
        await expect(conflict).toHaveCount(0);
        await expect(toast(bruno, te.saved)).toBeVisible();
        expect(await saved()).toBe('Version de Bruno');
        await text(b).fill('Version de Bruno, relue');
        await b.save.click();
        await expect(b.state).toHaveText(te.upToDate);
        await expect(conflict).toHaveCount(0);
        expect(await saved()).toBe('Version de Bruno, relue');

        // Anne, still on her revision, saves too: she loads Bruno's version, hers set aside…
        await text(a).fill("Version d'Anne, complétée");
        await a.save.click();
        await expect(a.dialog).toHaveAccessibleName(te.conflictTitle);
        await a.dialog.getByRole('button', { name: te.conflictReload }).click();
        await expect(a.dialog).toHaveCount(0);
        await expect(text(a)).toHaveValue('Version de Bruno, relue');
        await expect(a.state).toHaveText(te.upToDate);
        const restore = a.main.getByRole('button', { name: te.restoreMine });
        await expect(restore).toBeFocused();
        await expect(a.main.getByRole('group', { name: te.setAside })).toBeVisible();
        // …then brings hers back and saves it over his, knowingly.
        await restore.click();
        await expect(text(a)).toHaveValue("Version d'Anne, complétée");
        await expect(a.state).toHaveText(te.unsaved);
        await expect(a.heading).toBeFocused();
        await a.save.click();
        await expect(a.state).toHaveText(te.upToDate);
        expect(await saved()).toBe("Version d'Anne, complétée");
        // Bruno's page, loaded again, shows it.
        await bruno.reload();
        await expect(text(screen(bruno))).toHaveValue("Version d'Anne, complétée");
        await other.close();
      });
    });
  }

  journeys.test(
    'numbers out of range, bad links and bad urls are caught before saving',
    lang,
    async ({ page, signIn }) => {
      await signIn();
      const article = await newArticle(page, 'Vase');
      const other = await newArticle(page, 'Coupe');
      const s = await open(page, article);
      await addElement(page, 0, 'text');
      const card = s.card(1, 'text');
      const fontSize = field(card, f.fontSize, elementRef(1));
      const text = s.blocks.first().locator('p');
      await field(card, f.content, elementRef(1)).fill('Vase');
      await fontSize.fill('24');
      await expect(text).toHaveCSS('font-size', '24px');

      // Empty or out of range: kept in the box, marked, the content keeps the last valid value.
      const range = fill(te.errors.range, { min: '1', max: '100' });
      for (const typed of ['0', '', '101', '250']) {
        await fontSize.fill(typed);
        await expect(fontSize).toHaveValue(typed);
        await expect(fontSize).toHaveAttribute('aria-invalid', 'true');
        await expect(card.getByText(range, { exact: true })).toBeVisible();
        await expect(text).toHaveCSS('font-size', '24px');
      }
      await fontSize.fill('30');
      await expect(fontSize).not.toHaveAttribute('aria-invalid');
      await expect(text).toHaveCSS('font-size', '30px');
      // A space may be taller than 100 px, up to 400.
      await addElement(page, 1, 'space');
      const height = field(s.card(2, 'space'), f.spaceSize, elementRef(2));
      await expect(height).toHaveAttribute('max', '400');
      await height.fill('250');
      await expect(s.blocks.nth(1)).toHaveCSS('height', '250px');
      await fontSize.fill('250');

      // A link must be a web page or an e-mail address.
      await addElement(page, 2, 'link');
      const linkField = field(s.card(3, 'link'), f.link, elementRef(3));
      await linkField.fill('javascript:alert(1)');
      await expect(linkField).toHaveAttribute('aria-invalid', 'true');
      await expect(s.card(3, 'link').getByText(te.errors.link, { exact: true })).toBeVisible();
      await expect(s.blocks.nth(2).locator('a')).toHaveCount(0);

      // Saving is refused, naming the element and the field; nothing is sent. First the font
      // size typed out of range (the content still holds 30): Save must not say 'saved' and
      // bring back 30; it names the field and takes the curator to it.
      let sent = 0;
      page.on('request', (request) => {
        if (request.url().includes('/api/manage/update_article')) sent++;
      });
      await s.save.click();
      const typedWhere = fill(te.element, { n: '1', type: typeName('text') });
      const typedProblem = fill(te.problem, {
        where: typedWhere,
        field: f.fontSize,
        message: range,
      });
      await expect(
        toast(page, fill(te.cannotSaveMany, { count: '2', problem: typedProblem })),
      ).toBeVisible();
      await expect(fontSize).toBeFocused();
      await expect(fontSize).toHaveValue('250');
      await expect(toast(page, te.saved)).toHaveCount(0);
      // The toasts sit below the toolbar: Save and Reset stay clickable under them.
      await expect(s.save).toBeInViewport();
      const toastBox = await page.locator('.Toastify__toast-container').boundingBox();
      const saveBox = await s.save.boundingBox();
      expect(toastBox && saveBox && toastBox.y >= saveBox.y + saveBox.height).toBe(true);
      await fontSize.fill('30');
      await s.save.click();
      const where = fill(te.element, { n: '3', type: typeName('link') });
      await expect(
        page.getByRole('alert').filter({
          hasText: fill(te.problem, { where, field: f.link, message: te.errors.link }),
        }),
      ).toBeVisible();
      await expect(linkField).toBeFocused();
      await linkField.fill('https://example.org');
      await expect(linkField).not.toHaveAttribute('aria-invalid');

      // A url with spaces is refused too.
      await s.url.fill('un vase');
      await s.save.click();
      await expect(
        page.getByRole('alert').filter({
          hasText: fill(te.problem, {
            where: te.settings,
            field: f.url,
            message: te.errors.urlPattern,
          }),
        }),
      ).toBeVisible();
      await expect(s.url).toBeFocused();
      expect(sent).toBe(0);

      // Another article's url: the server refuses it (409) and says why, in the curator's
      // language (its English message is for API users).
      await s.url.fill(other.name);
      await s.save.click();
      await expect(toast(page, t.apiErrors.url_taken)).toBeVisible();
      await expect(s.settings.getByText(te.errors.urlTaken, { exact: true })).toBeVisible();
      await expect(s.state).toHaveText(te.unsaved);
      expect(sent).toBe(1);

      // A free url saves; the font size saved is the last valid one.
      const free = unique('vase');
      await s.url.fill(free);
      await expect(s.settings.getByText(te.errors.urlTaken, { exact: true })).toHaveCount(0);
      await s.save.click();
      await expect(toast(page, te.saved)).toBeVisible();
      const saved = await readArticle(page, article.id);
      expect(saved.name).toBe(free);
      expect(saved.content[1]).toMatchObject({ type: 'text', content: 'Vase', fontSize: 30 });
      expect(saved.content[2]).toMatchObject({ type: 'space', size: 250 });
      expect(saved.content[3]).toMatchObject({ type: 'link', link: 'https://example.org' });

      // An empty title is refused.
      await s.title.fill('  ');
      await s.save.click();
      await expect(s.settings.getByText(te.errors.title, { exact: true })).toBeVisible();
      await expect(s.title).toBeFocused();
    },
  );

  journeys.test(
    'adding needs a type; an unknown type raises an alert; move-up limits',
    lang,
    async ({ page, signIn }) => {
      await signIn();
      const article = await newArticle(page, 'Lampe');
      const s = await open(page, article);
      const topSelect = s.settings.getByLabel(`${te.newElement} (${te.atTop})`, { exact: true });
      const topAdd = s.settings.getByRole('button', { name: `${te.add} (${te.atTop})` });

      // No type chosen: nothing happens.
      await expect(topSelect).toHaveValue('');
      await topAdd.click();
      await expect(s.cards).toHaveCount(0);
      await expect(s.state).toHaveText(te.upToDate);
      // The types offered, in the spec's order, after 'choose a type'.
      await expect(topSelect.locator('option')).toHaveText([
        te.chooseType,
        ...['text', 'image', 'link', 'space', 'accordion', 'video', 'legendItem', 'audio'].map(
          typeName,
        ),
      ]);

      // An option slipped into the page: an alert, nothing added.
      await topSelect.evaluate((select: HTMLSelectElement) =>
        select.add(new Option('Script', 'script')),
      );
      await topSelect.selectOption('script');
      expect(await acceptDialog(page, () => topAdd.click())).toEqual({
        type: 'alert',
        message: fill(te.unknownType, { type: 'script' }),
      });
      await expect(s.cards).toHaveCount(0);

      // Add at the top and after an element; the first element cannot move up.
      await addElement(page, 0, 'text');
      await addElement(page, 0, 'image');
      await addElement(page, 2, 'accordion');
      await expect(s.cards).toHaveCount(3);
      await expect(s.card(1, 'image')).toBeVisible();
      await expect(s.card(2, 'text')).toBeVisible();
      await expect(s.card(3, 'accordion')).toBeVisible();
      const up = (n: number, type: string) =>
        s.card(n, type).getByRole('button', { name: `${te.moveUp} (${elementRef(n)})` });
      await expect(up(1, 'image')).toBeDisabled();
      await expect(up(2, 'text')).toBeEnabled();
      await expect(up(3, 'accordion')).toBeEnabled();

      // Details: the types offered, add with no type does nothing; detail 1 cannot move up.
      const accordion = s.card(3, 'accordion');
      const where = fill(te.detailsTop, { n: '3' });
      const detailSelect = accordion.getByLabel(`${te.newDetail} (${where})`, { exact: true });
      await expect(detailSelect.locator('option')).toHaveText([
        te.chooseType,
        ...['text', 'link', 'image', 'space', 'legendItem'].map(typeName),
      ]);
      await accordion.getByRole('button', { name: `${te.add} (${where})` }).click();
      await expect(accordion.getByText(te.noDetails, { exact: true })).toBeVisible();
      // A video is not a detail type, even slipped in.
      await detailSelect.evaluate((select: HTMLSelectElement) =>
        select.add(new Option('V', 'video')),
      );
      await detailSelect.selectOption('video');
      expect(
        await acceptDialog(page, () =>
          accordion.getByRole('button', { name: `${te.add} (${where})` }).click(),
        ),
      ).toEqual({ type: 'alert', message: fill(te.unknownType, { type: 'video' }) });
      await detailSelect.selectOption('space');
      await accordion.getByRole('button', { name: `${te.add} (${where})` }).click();
      await detailSelect.selectOption('text');
      await accordion.getByRole('button', { name: `${te.add} (${where})` }).click();
      const detailUp = (d: number) =>
        accordion.getByRole('button', { name: `${te.moveUp} (${detailRef(3, d)})`, exact: true });
      await expect(detailUp(1)).toBeDisabled();
      await expect(detailUp(2)).toBeEnabled();
      await expect(
        accordion.getByRole('group', { name: fill(te.detail, { d: '1', type: typeName('text') }) }),
      ).toBeVisible();
      // Deleting an element asks first; Cancel is focused, Escape keeps it and gives
      // the focus back to its Delete button.
      const deleteImage = s
        .card(1, 'image')
        .getByRole('button', { name: `${te.delete} (${elementRef(1)})`, exact: true });
      await deleteImage.click();
      const what = fill(te.element, { n: '1', type: typeName('image') });
      await expect(s.dialog).toHaveAccessibleName(fill(te.deleteTitle, { what }));
      await expect(s.dialog).toHaveAccessibleDescription(te.deleteText);
      await expect(s.dialog.getByRole('button', { name: te.cancel, exact: true })).toBeFocused();
      await page.keyboard.press('Escape');
      await expect(s.dialog).toHaveCount(0);
      await expect(s.cards).toHaveCount(3);
      await expect(deleteImage).toBeFocused();
      await page.keyboard.press('Enter');
      await s.dialog.getByRole('button', { name: te.deleteConfirm, exact: true }).click();
      await expect(s.cards).toHaveCount(2);
      await expect(up(1, 'text')).toBeDisabled();
    },
  );

  journeys.test(
    'uploads: an image over 200 KB is sent and made light; a wrong file is refused',
    lang,
    async ({ page, signIn }) => {
      await signIn();
      const article = await newArticle(page, 'Statue');
      const s = await open(page, article);
      await addElement(page, 0, 'image');
      const input = field(s.card(1, 'image'), f.image, elementRef(1));
      let sent = 0;
      page.on('request', (request) => {
        if (request.url().includes('/api/upload/') && request.method() === 'POST') sent++;
      });
      // No longer refused in the browser: the server makes it light for visitors.
      await upload(input, 'heavy.png', 'image/png', Buffer.concat([PNG, Buffer.alloc(201 * 1024)]));
      expect(sent).toBe(1);
      await expect(s.blocks.first().locator('img')).toHaveAttribute('src', IMAGE_SRC);
      await s
        .card(1, 'image')
        .getByRole('button', { name: new RegExp(`^${escapeRegExp(te.upload.remove)}`) })
        .click();

      // Not an image at all: the server says so, in the curator's language; the input shows
      // no 'No file chosen' of its own, only our button and status line.
      await input.setInputFiles({ name: 'notes.png', mimeType: 'image/png', buffer: VTT });
      await expect(toast(page, t.apiErrors.unsupported_type_image)).toBeVisible();
      expect(sent).toBe(2);
      await expect(input).not.toBeInViewport();
      await expect(s.card(1, 'image').getByText(te.upload.choose, { exact: true })).toBeVisible();

      // A real one is shown at once; removing it empties the element.
      await upload(input, 'photo.png', 'image/png', PNG);
      await expect(s.blocks.first().locator('img')).toHaveAttribute('src', IMAGE_SRC);
      await s
        .card(1, 'image')
        .getByRole('button', { name: new RegExp(`^${escapeRegExp(te.upload.remove)}`) })
        .click();
      await expect(s.blocks).toHaveCount(0);

      // A video over the server's limit (MAX_VIDEO_MB=1 here): 413 and the error toast.
      await addElement(page, 1, 'video');
      const video = field(s.card(2, 'video'), f.video, elementRef(2));
      await video.setInputFiles({
        name: 'long.webm',
        mimeType: 'video/webm',
        buffer: Buffer.concat([WEBM, Buffer.alloc(1024 * 1024)]),
      });
      await expect(
        toast(
          page,
          fill(t.apiErrors.payload_too_large_max, { max: fill(t.apiErrors.units.mb, { n: '1' }) }),
        ),
      ).toBeVisible();
      // Neither the video nor its subtitles hold a file.
      await expect(s.card(2, 'video').getByText(te.upload.none, { exact: true })).toHaveCount(2);
      // SRT subtitles: refused, and told how to fix it in the curator's language.
      await field(s.card(2, 'video'), f.subtitles, elementRef(2)).setInputFiles({
        name: 'film.srt',
        mimeType: 'application/x-subrip',
        buffer: Buffer.from('1\n00:00:00,000 --> 00:00:01,000\nBonjour\n'),
      });
      await expect(toast(page, t.apiErrors.invalid_subtitles_header)).toBeVisible();
    },
  );

  journeys.test(
    'reset translations asks first; leaving with unsaved changes asks too',
    lang,
    async ({ page, signIn }) => {
      await signIn();
      const article = await newArticle(page, 'Fresque');
      const s = await open(page, article);
      let resets = 0;
      page.on('request', (request) => {
        if (request.url().includes('/api/manage/reset_traductions')) resets++;
      });

      await s.reset.click();
      await expect(s.dialog).toBeVisible();
      await expect(s.dialog).toHaveAccessibleName(te.resetTitle);
      await expect(s.dialog).toContainText(te.irreversible);
      await expect(s.dialog.getByRole('button', { name: te.cancel, exact: true })).toBeFocused();
      await s.dialog.getByRole('button', { name: te.cancel, exact: true }).click();
      await expect(s.dialog).toHaveCount(0);
      expect(resets).toBe(0);

      await s.reset.click();
      const release = await holdNext(page, '/api/manage/reset_traductions');
      await s.dialog.getByRole('button', { name: te.resetConfirm, exact: true }).click();
      await expect(s.dialog).toHaveCount(0);
      await expect(toast(page, te.resetting)).toBeVisible();
      release();
      await expect(toast(page, te.resetDone)).toBeVisible();
      expect(resets).toBe(1);

      // Nothing changed: leaving asks nothing.
      await expect(s.state).toHaveText(te.upToDate);
      // A change: the browser asks before leaving; staying keeps the edit.
      await addElement(page, 0, 'text');
      await field(s.card(1, 'text'), f.content, elementRef(1)).fill('Pas encore enregistré');
      await expect(s.state).toHaveText(te.unsaved);
      const asked = page.waitForEvent('dialog');
      const leaving = s.main.getByRole('link', { name: te.backToArticles }).click();
      const dialog = await asked;
      expect(dialog.type()).toBe('beforeunload');
      await dialog.dismiss();
      await leaving;
      await expect(page).toHaveURL(url(lang, `/article?id=${article.id}`));
      await expect(field(s.card(1, 'text'), f.content, elementRef(1))).toHaveValue(
        'Pas encore enregistré',
      );
      // Saved (Ctrl+S), leaving asks nothing.
      await page.keyboard.press('ControlOrMeta+s');
      await expect(toast(page, te.saved)).toBeVisible();
      await expect(s.state).toHaveText(te.upToDate);
      await s.main.getByRole('link', { name: te.backToArticles }).click();
      await expect(page).toHaveURL(url(lang, '/articles'));
    },
  );

  journeys.test('missing, invalid and unknown ids say so', lang, async ({ page, signIn }) => {
    await signIn();
    await visit(page, url(lang, '/article'));
    await expect(page.getByText(te.missing, { exact: true })).toBeVisible();
    await visit(page, url(lang, '/article?id=abc'));
    await expect(page.getByText(te.invalidId, { exact: true })).toBeVisible();
    await visit(page, url(lang, '/article?id=999999999'));
    await expect(
      page.getByRole('main').getByRole('heading', { level: 1, name: te.notFound }),
    ).toBeVisible();
    await expect(page.getByText(te.notFoundText, { exact: true })).toBeVisible();
  });

  journeys.test(
    'accessible, on a desktop and on a phone, with the dialog open',
    lang,
    async ({ page, signIn }) => {
      // Axe over a whole editor, twice: 20 s alone on a busy two-core machine.
      test.slow();
      await signIn();
      const article = await newArticle(page, 'Mosaïque');
      const s = await open(page, article);
      await addElement(page, 0, 'accordion');
      await addElement(page, 0, 'link');
      await addElement(page, 0, 'image');
      await addElement(page, 0, 'text');
      await field(s.card(1, 'text'), f.content, elementRef(1)).fill('Mosaïque romaine');
      const accordion = s.card(4, 'accordion');
      const where = fill(te.detailsTop, { n: '4' });
      await accordion.getByLabel(`${te.newDetail} (${where})`).selectOption('legendItem');
      await accordion.getByRole('button', { name: `${te.add} (${where})` }).click();
      await field(accordion, f.headerContent, elementRef(4)).fill('Plus');
      await field(s.card(1, 'text'), f.fontSize, elementRef(1)).fill('0');
      await expectNoViolations(page);

      // The preview sits beside the form and stays in view while the form scrolls.
      const layout = await page.evaluate(() => {
        const form = document.querySelector('.editor-main')!.getBoundingClientRect();
        const phone = document.querySelector('.phone')!.getBoundingClientRect();
        return { formRight: form.right, phoneLeft: phone.left };
      });
      expect(layout.phoneLeft).toBeGreaterThan(layout.formRight);
      await page.mouse.wheel(0, 1500);
      await expect(page.locator('.phone')).toBeInViewport();

      await s.reset.click();
      await expect(s.dialog).toBeVisible();
      await expectNoViolations(page);
      await s.dialog.getByRole('button', { name: te.cancel, exact: true }).click();

      // A phone: Edit | Preview tabs show the form or the preview; nothing is wider than the
      // screen, in either.
      await page.setViewportSize({ width: 390, height: 844 });
      await expect(s.editTab).toHaveAttribute('aria-selected', 'true');
      await expect(s.settings).toBeVisible();
      await expect(page.locator('.phone')).toBeHidden();
      // Cards off screen are laid out again in the next frames (content-visibility): wait for
      // the layout to settle, as a phone turned upright does.
      await expect
        .poll(() =>
          page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          ),
        )
        .toBeLessThanOrEqual(0);
      await expectNoViolations(page);
      await s.previewTab.click();
      await expect(page.locator('.phone')).toBeInViewport();
      await expect(s.settings).toBeHidden();
      await expectNoViolations(page);
    },
  );

  /**
   * On a phone the preview was once below the whole form, 5,800 px down an
   * article of 8 elements. Edit | Preview tabs show one or the other; the preview opens at its
   * top, the form comes back where it was left; a desktop keeps both columns and no tabs.
   */
  journeys.test(
    'on a phone, Edit and Preview tabs: the preview on the first screen, the form where it was',
    lang,
    async ({ page, signIn }) => {
      await signIn();
      await page.setViewportSize({ width: 390, height: 844 });
      const article = await newArticle(page, unique(lang === 'fr' ? 'Vitrine' : 'Showcase'));
      const word = lang === 'fr' ? 'Paragraphe' : 'Paragraph';
      const texts = Array.from({ length: 8 }, (_, i) => `${word} ${i + 1}`);
      await post(page, 'update_article', {
        articleId: article.id,
        newContent: [
          { type: 'metadatas', url: unique('vitrine'), backgroundColor: '#341539' },
          ...texts.map((content) => ({ ...newBlock('text'), content })),
        ],
        unformatted_name: article.unformatted_name,
        instructions: '',
      });
      const s = await open(page, article);
      const viewport = page.viewportSize()!;

      // Edit first: the form, not the preview.
      await expect(s.tabs).toBeVisible();
      await expect(s.editTab).toHaveAttribute('aria-selected', 'true');
      await expect(s.previewTab).toHaveAttribute('aria-selected', 'false');
      await expect(s.settings).toBeVisible();
      await expect(s.preview).toBeHidden();

      // The curator works on the last element, far down the form.
      const last = field(s.card(8, 'text'), f.content, elementRef(8));
      await last.click();
      await expect(last).toBeFocused();
      await expect(last).toBeInViewport();
      const where = () => last.evaluate((input) => input.getBoundingClientRect().top);
      const lastTop = await where();
      const scrolled = await page.evaluate(() => scrollY);
      expect(scrolled).toBeGreaterThan(2 * viewport.height);

      // Preview: the article from its top, on the first screen, not under the sticky tabs.
      await s.previewTab.click();
      await expect(s.previewTab).toHaveAttribute('aria-selected', 'true');
      await expect(s.editTab).toHaveAttribute('aria-selected', 'false');
      await expect(s.settings).toBeHidden();
      await expect(s.blocks.first()).toHaveText(texts[0]!);
      await expect(s.blocks.first()).toBeInViewport();
      const first = (await s.blocks.first().boundingBox())!;
      const tabsBox = (await s.tabs.boundingBox())!;
      expect(first.y).toBeLessThan(viewport.height);
      expect(first.y).toBeGreaterThanOrEqual(tabsBox.y + tabsBox.height);
      await expect(s.tabs).toBeInViewport();

      // Edit again: back at the same place in the form, and an edit shows in the preview.
      await s.editTab.click();
      await expect(s.settings).toBeVisible();
      await expect(last).toBeInViewport();
      expect(Math.abs((await where()) - lastTop)).toBeLessThanOrEqual(4);
      const edited = lang === 'fr' ? 'Amphore vinaire, Ier siècle' : 'Wine amphora, 1st century';
      await last.fill(edited);
      await expect(s.state).toHaveText(te.unsaved);
      // With the keyboard, as tabs go: the arrows move between them and show the tab reached.
      await s.editTab.focus();
      await page.keyboard.press('ArrowRight');
      await expect(s.previewTab).toBeFocused();
      await expect(s.previewTab).toHaveAttribute('aria-selected', 'true');
      await expect(s.blocks.nth(7)).toHaveText(edited);
      await expect(s.blocks.first()).toBeInViewport();
      await page.keyboard.press('Home');
      await expect(s.editTab).toBeFocused();
      await expect(s.settings).toBeVisible();

      // A save refused from the preview shows the form, at the field to correct.
      const fontSize = field(s.card(8, 'text'), f.fontSize, elementRef(8));
      await fontSize.fill('0');
      await s.previewTab.click();
      await expect(s.settings).toBeHidden();
      await s.save.click();
      await expect(s.editTab).toHaveAttribute('aria-selected', 'true');
      await expect(fontSize).toBeFocused();
      await expect(fontSize).toBeInViewport();
      // Not under the sticky tabs.
      const tabsBottom = await s.tabs.evaluate((tabs) => tabs.getBoundingClientRect().bottom);
      expect((await fontSize.boundingBox())!.y).toBeGreaterThanOrEqual(tabsBottom);

      // A desktop: both columns side by side, no tabs.
      await page.setViewportSize({ width: 1280, height: 720 });
      await expect(s.tabs).toHaveCount(0);
      await expect(s.settings).toBeVisible();
      await expect(s.preview).toBeVisible();
      await expect(page.locator('.editor-preview')).not.toHaveAttribute('role', 'tabpanel');
      const columns = await page.evaluate(() => ({
        formRight: document.querySelector('.editor-main')!.getBoundingClientRect().right,
        phoneLeft: document.querySelector('.phone')!.getBoundingClientRect().left,
      }));
      expect(columns.phoneLeft).toBeGreaterThan(columns.formRight);
    },
  );
}

test.describe('article editor', () => {
  for (const [title, run] of journeys) {
    test(title, ({ page, browser, signIn }, testInfo) => run({ page, browser, signIn }, testInfo));
  }
});

// The 300-element editor (a keystroke reaching the preview) is measured by `npm run bench`
// (tests/bench/editor-typing.ts), the same article and keystrokes: not run again here.
