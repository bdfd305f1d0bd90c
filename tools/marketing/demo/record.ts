import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { DEMO_CONTENT } from '../../../src/features/demo/content.ts';
import { DEMO_ARTICLE_NAME, DEMO_SCAN_PATH } from '../../../src/features/demo/demo.ts';
import { contentSchema, type ArticleContent } from '../../../src/features/articles/content.ts';
import { extractSegments } from '../../../src/features/translation/segments.ts';
import { demoMedia, IMAGE_BUDGET, VIDEO_BUDGET } from '../../../src/features/demo/media.ts';
import { CHROMIUM_ARGS } from '../chromium.ts';
import { constantRate, startCapture } from './capture.ts';
import { startFakeEngine } from './fake-engine.ts';
import { encodeMp4, encodeWebm, encodeWebp, requireFfmpeg } from './encode.ts';
import { pause, walk, type Journey } from './journey.ts';
import { startServer, tempDir, type RunningServer } from './server.ts';
import { translationOf } from './translations.ts';

/**
 * `npm run demo:record`: the landing page's demo video, poster and phone image, per landing
 * language, recorded from the real product. A fresh server (its first start makes the demo
 * article) talks to the fake engine, which answers with the hand-written translations; the
 * system Chromium plays a visitor on a phone; ffmpeg (a developer tool: apt-get install ffmpeg)
 * encodes. Writes public/demo/. CI does not run it.
 */

const JOURNEYS: Journey[] = [
  { lang: 'fr', locale: 'fr-FR', search: 'anglais', pick: 'English', target: 'en' },
  { lang: 'en', locale: 'en-US', search: 'Spanish', pick: 'Español', target: 'es' },
];

/** A phone's screen in CSS pixels, rendered at twice the density, encoded at about 1.4x. */
const VIEWPORT = { width: 390, height: 844 };
const SCALE = 2;
const OUTPUT = { width: 540, height: 1168 };
const FPS = 24;
/** Ports of a developer's server and of the end-to-end tests: never used here. */
const RESERVED_PORTS = new Set([4321, 4398, 4399]);

const BROWSER_ARGS = [...CHROMIUM_ARGS];

/** Every text of the demo article has a hand-written translation in every language shown. */
function checkTranslations(): void {
  const segments = extractSegments(contentSchema.parse(DEMO_CONTENT) as ArticleContent);
  const missing = JOURNEYS.flatMap((j) =>
    segments
      .filter((s) => translationOf(s.text, j.target) === undefined)
      .map((s) => `${j.target} ${s.id}`),
  );
  if (missing.length > 0) {
    throw new Error(
      `tools/marketing/demo/translations.ts lacks texts of the demo article (${missing.join(', ')}): ` +
        'the article changed; translate it again.',
    );
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => (RESERVED_PORTS.has(port) ? resolve(freePort()) : resolve(port)));
    });
  });
}

const kb = (bytes: number) => `${(bytes / 1000).toFixed(0)} kB`;

/** Runs an encoding and says what it made, how big, at which quality, in how long. */
function made(file: string, encode: () => { size: number; step: number }): string {
  const started = Date.now();
  const { size, step } = encode();
  const seconds = ((Date.now() - started) / 1000).toFixed(0);
  return `  ${path.basename(file)}  ${kb(size)} (quality setting ${step}, ${seconds} s)`;
}

async function record(browser: Browser, base: string, journey: Journey, work: string) {
  const dir = path.join(work, journey.lang);
  const context = await browser.newContext({
    viewport: VIEWPORT,
    deviceScaleFactor: SCALE,
    isMobile: true,
    hasTouch: true,
    locale: journey.locale,
  });
  try {
    const page = await context.newPage();
    await page.goto(`${base}${DEMO_SCAN_PATH}`);
    if (!page.url().includes(`/article?name=${DEMO_ARTICLE_NAME}`)) {
      throw new Error(`${DEMO_SCAN_PATH} led to ${page.url()}, not the demo article.`);
    }
    await pause(300);
    const capture = await startCapture(context, page, dir, {
      width: VIEWPORT.width * SCALE,
      height: VIEWPORT.height * SCALE,
    });
    await walk(page, journey);
    const { frames, endAt } = await capture.stop();
    const sequence = constantRate(frames, endAt, FPS, dir);
    const input = { pattern: sequence.pattern, fps: FPS, ...OUTPUT, workDir: dir };
    const media = demoMedia(journey.lang);
    const lines = [
      `${journey.lang}: ${frames.length} frames shown, ${(sequence.count / FPS).toFixed(1)} s`,
    ];
    lines.push(made(media.webm, () => encodeWebm(input, media.webm, VIDEO_BUDGET)));
    lines.push(made(media.mp4, () => encodeMp4(input, media.mp4, VIDEO_BUDGET)));
    const first = frames[0]!.file;
    lines.push(
      made(media.poster, () => encodeWebp(first, media.poster, OUTPUT.width, IMAGE_BUDGET)),
    );

    // The phone image: the translated article's first screen, without touch marks.
    await page.goto(`${base}/article?name=${DEMO_ARTICLE_NAME}&lang=${journey.target}`);
    await page.locator('.reader-note').waitFor();
    const still = path.join(dir, 'phone.png');
    await page.screenshot({ path: still });
    lines.push(made(media.phone, () => encodeWebp(still, media.phone, OUTPUT.width, IMAGE_BUDGET)));
    console.log(lines.join('\n'));
  } finally {
    await context.close();
  }
}

/** `--keep`: the frames and stills stay in the temporary directory, to look at. */
const KEEP = process.argv.includes('--keep');

async function main(): Promise<void> {
  requireFfmpeg();
  checkTranslations();
  const work = tempDir('legenda-demo-');
  const untranslated: string[] = [];
  const fake = await startFakeEngine({
    latencyMs: 400,
    translate: (text, lang) => {
      const translated = translationOf(text, lang);
      if (translated === undefined) untranslated.push(`${lang}: ${text}`);
      return translated ?? text;
    },
  });
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  let server: RunningServer | undefined;
  let browser: Browser | undefined;
  try {
    server = await startServer({
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_SITE_URL: base,
      DATA_DIR: path.join(work, 'data'),
      DATABASE_URL: '',
      BLOB_STORE: 'fs',
      TRUST_PROXY: 'false',
      OPENAI_BASE_URL: fake.url,
      OPENAI_API_KEY: 'x',
      OPENAI_MODEL: '',
      OPENAI_MAX_RETRIES: '0',
      ADMIN_EMAIL: 'demo@legenda.local',
      ADMIN_PASSWORD: 'demo recording only',
      ADMIN_MUSEUM: 'Musée d’histoire du port',
    });
    if (!server.output().includes('Demo article created')) {
      throw new Error(`The first start made no demo article:\n${server.output()}`);
    }
    browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: BROWSER_ARGS });
    fs.mkdirSync(path.dirname(demoMedia('fr').webm), { recursive: true });
    for (const journey of JOURNEYS) await record(browser, base, journey, work);
    if (untranslated.length > 0) {
      throw new Error(`The engine was asked texts it has no translation of:\n${untranslated}`);
    }
  } finally {
    await browser?.close();
    await server?.stop();
    await fake.close();
    if (KEEP) console.log(`Frames kept in ${work}`);
    else fs.rmSync(work, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(`demo:record failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exit(1);
});
