import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AstroIntegration } from 'astro';
import { LOCAL_BACKEND_PROBE, localBackendRunning } from './local-backend.ts';

/**
 * Ships Decap CMS with the site, from node_modules, never from a CDN: its bundle (React
 * included), the chunks it loads lazily and the WebAssembly of its WebP encoder (loaded only
 * if config.yml asks for WebP covers), all from /admin/
 * (webpack's public path is the directory of the bundle's own <script>). The page and the
 * configuration are public/admin/index.html and config.yml (in English: public/en/admin/), and
 * boot.js, which loads the bundle. Source maps (66 MB) and the
 * package's second build (cms.js) stay out.
 */
const decapDist = path.dirname(createRequire(import.meta.url).resolve('decap-cms'));
const SHIPPED = /^(decap-cms\.js|decap-cms\.js\.LICENSE\.txt|\d+\.decap-cms\.js|[0-9a-f]+\.wasm)$/;

async function shippedFiles(): Promise<string[]> {
  return (await fs.readdir(decapDist)).filter((name) => SHIPPED.test(name));
}

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.wasm': 'application/wasm',
  '.txt': 'text/plain; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
};

export function decapCms(): AstroIntegration {
  let page = '';
  let englishPage = '';
  return {
    name: 'legenda:decap-cms',
    hooks: {
      'astro:config:done': ({ config }) => {
        page = path.join(fileURLToPath(config.publicDir), 'admin', 'index.html');
        englishPage = path.join(fileURLToPath(config.publicDir), 'en', 'admin', 'index.html');
      },
      'astro:build:done': async ({ dir, logger }) => {
        const target = path.join(fileURLToPath(dir), 'admin');
        await fs.mkdir(target, { recursive: true });
        const files = await shippedFiles();
        await Promise.all(
          files.map((name) => fs.copyFile(path.join(decapDist, name), path.join(target, name))),
        );
        logger.info(`Decap CMS: ${files.length} files copied to admin/`);
      },
      // `astro dev`: the same files, straight from node_modules, the pages at /admin and
      // /en/admin too, and the local backend's probe (boot.js asks it on localhost).
      'astro:server:setup': async ({ server }) => {
        const files = new Set(await shippedFiles());
        server.middlewares.use('/en/admin', (req, res, next) => {
          if ((req.url ?? '').split('?')[0]?.replace(/^\//, '') !== '') return next();
          res.setHeader('Content-Type', TYPES['.html']!);
          fs.readFile(englishPage).then((body) => res.end(body), next);
        });
        server.middlewares.use('/admin', (req, res, next) => {
          const name = (req.url ?? '').split('?')[0]?.replace(/^\//, '') ?? '';
          if (`/admin/${name}` === LOCAL_BACKEND_PROBE) {
            res.setHeader('Content-Type', 'application/json');
            localBackendRunning().then((running) => res.end(JSON.stringify({ running })), next);
            return;
          }
          const file = name === '' ? page : files.has(name) ? path.join(decapDist, name) : '';
          if (!file) return next();
          res.setHeader('Content-Type', TYPES[path.extname(file)] ?? 'application/octet-stream');
          fs.readFile(file).then((body) => res.end(body), next);
        });
      },
    },
  };
}
