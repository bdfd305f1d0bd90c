/**
 * Draws the marketing site's pictures (carousel, blog covers, Open Graph images) as SVG scenes,
 * renders them in the system Chromium and encodes them with sharp into public/images/.
 *
 *   npm run images                      all pictures
 *   npm run images -- carousel/03       only the jobs whose name starts so
 *   npm run images -- --png /tmp/x      also keep each rendering as PNG there
 *
 * The scenes are deterministic (seeded), so a rerun writes the same files.
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';
import sharp from 'sharp';
import { CAROUSEL_IMAGES } from '../../../src/site/landing/carousel-images.ts';
import { BLOG_COVERS } from './scenes/blog.ts';
import { CAROUSEL_SCENES } from './scenes/carousel.ts';
import { OG_IMAGES } from './scenes/og.ts';
import type { Scene } from './kit/svg.ts';
import { CHROMIUM_ARGS } from '../chromium.ts';

const OUT = fileURLToPath(new URL('../../../public/images/', import.meta.url));

interface Output {
  file: string;
  format: 'webp' | 'jpeg';
  width: number;
  height: number;
  /** Size budget in KB: the quality steps down until the file fits. */
  maxKB: number;
}

interface Job {
  name: string;
  scene: () => Scene;
  outputs: Output[];
}

const QUALITY = { webp: 72, jpeg: 78 } as const;
const MIN_QUALITY = 50;

function jobs(): Job[] {
  if (CAROUSEL_SCENES.length !== CAROUSEL_IMAGES.length) {
    throw new Error(
      `${CAROUSEL_SCENES.length} carousel scenes for ${CAROUSEL_IMAGES.length} entries in carousel-images.ts`,
    );
  }
  const list: Job[] = CAROUSEL_SCENES.map((scene, i) => {
    const id = String(i + 1).padStart(2, '0');
    return {
      name: `carousel/${id}`,
      scene,
      outputs: [
        { file: `carousel/${id}.webp`, format: 'webp', width: 1600, height: 1067, maxKB: 120 },
        { file: `carousel/${id}-640.webp`, format: 'webp', width: 640, height: 427, maxKB: 35 },
      ],
    };
  });
  for (const [slug, scene] of Object.entries(BLOG_COVERS)) {
    list.push({
      name: `blog/${slug}`,
      scene,
      outputs: [
        { file: `blog/${slug}.webp`, format: 'webp', width: 1200, height: 630, maxKB: 80 },
        { file: `blog/${slug}.jpg`, format: 'jpeg', width: 1200, height: 630, maxKB: 150 },
        { file: `blog/${slug}-600.webp`, format: 'webp', width: 600, height: 315, maxKB: 30 },
      ],
    });
  }
  for (const [name, scene] of Object.entries(OG_IMAGES)) {
    list.push({
      name: `og/${name}`,
      scene,
      outputs: [{ file: `og/${name}.jpg`, format: 'jpeg', width: 1200, height: 630, maxKB: 150 }],
    });
  }
  return list;
}

async function encode(png: Buffer, out: Output): Promise<{ data: Buffer; quality: number }> {
  for (let quality = QUALITY[out.format]; ; quality -= 4) {
    let img = sharp(png).resize(out.width, out.height, { fit: 'fill', kernel: 'lanczos3' });
    img =
      out.format === 'webp'
        ? img.webp({ quality, effort: 6, smartSubsample: true })
        : img.jpeg({ quality, mozjpeg: true });
    const data = await img.toBuffer();
    if (data.length <= out.maxKB * 1024 || quality - 4 < MIN_QUALITY) return { data, quality };
  }
}

function html(scene: Scene): string {
  return `<!doctype html><html><head><meta charset="utf-8"><style>html,body{margin:0;padding:0;background:#fff}svg{display:block}</style></head><body>${scene.svg}</body></html>`;
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const pngIndex = args.indexOf('--png');
  const pngDir = pngIndex >= 0 ? args[pngIndex + 1] : undefined;
  const filters = args.filter((_, i) => pngIndex < 0 || (i !== pngIndex && i !== pngIndex + 1));
  const selected = jobs().filter(
    (j) => filters.length === 0 || filters.some((f) => j.name.startsWith(f)),
  );
  if (selected.length === 0) throw new Error(`No picture matches ${filters.join(', ')}`);

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: true,
    args: [...CHROMIUM_ARGS],
  });
  try {
    const page = await browser.newPage({ deviceScaleFactor: 1 });
    // Nothing leaves the page: every scene is self-contained.
    await page.route('**/*', (route) => route.abort());
    for (const job of selected) {
      const scene = job.scene();
      await page.setViewportSize({ width: scene.width, height: scene.height });
      await page.setContent(html(scene), { waitUntil: 'load' });
      await page.evaluate(() => document.fonts.ready.then(() => undefined));
      const png = await page.screenshot({
        type: 'png',
        clip: { x: 0, y: 0, width: scene.width, height: scene.height },
      });
      if (pngDir) {
        await mkdir(pngDir, { recursive: true });
        await writeFile(join(pngDir, `${job.name.replace('/', '-')}.png`), png);
      }
      for (const out of job.outputs) {
        const { data, quality } = await encode(png, out);
        const file = join(OUT, out.file);
        await mkdir(dirname(file), { recursive: true });
        await writeFile(file, data);
        const kb = (data.length / 1024).toFixed(1);
        const warn = data.length > out.maxKB * 1024 ? `  over ${out.maxKB} KB` : '';
        console.log(`${out.file.padEnd(32)} ${kb.padStart(6)} KB  q${quality}${warn}`);
      }
    }
  } finally {
    await browser.close();
  }
}

await main();
