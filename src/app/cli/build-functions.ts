import { fileURLToPath } from 'node:url';
import { buildFunctions, FUNCTIONS_BUILT } from '../netlify/bundle.ts';

/**
 * `npm run build:functions` (Netlify's build runs it after `npm run build`): each function of
 * netlify/functions/ made one file, packages included, into netlify/built/, the directory
 * netlify.toml gives Netlify (docs/adr/0033-functions-bundled-before-netlify.md).
 */
const root = fileURLToPath(new URL('../../..', import.meta.url));
try {
  const { functions } = await buildFunctions(root);
  for (const { name, bytes } of functions) {
    console.log(`${FUNCTIONS_BUILT}/${name}.mjs  ${(bytes / 1e6).toFixed(2)} MB`);
  }
} catch (error) {
  console.error(`The functions could not be bundled.\n${String(error)}`);
  process.exit(1);
}
