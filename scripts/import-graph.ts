/**
 * `npm run graph`: draws which part of src/ imports which, from dependency-cruiser's own reading
 * of the imports (the same as `npm run lint` checks), into docs/imports.md as a Mermaid chart
 * GitHub draws. One box per layer (app, server, ui, i18n, site, pages…) and per feature; tests
 * are left out (they may run the whole app). Run it after moving files and commit the result.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
const cli = path.join(root, 'node_modules/.bin/depcruise');

interface Module {
  source: string;
  dependencies: { resolved: string; dependencyTypes: string[] }[];
}

/** `src/features/reader/x.ts` → `reader`; `src/server/db/x.ts` → `server`. */
export function boxOf(file: string): string | undefined {
  const match = /^src\/(?:features\/([^/]+)|([^/]+)\/)/.exec(file);
  return match ? (match[1] ?? match[2]) : undefined;
}

const LAYERS = ['app', 'pages', 'layouts', 'site', 'ui', 'i18n', 'styles', 'server'];

function read(): Module[] {
  const out = execFileSync(
    cli,
    [
      'src',
      '--config',
      '.dependency-cruiser.cjs',
      '--output-type',
      'json',
      '--exclude',
      '[.]test[.]tsx?$',
    ],
    { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 },
  );
  return (JSON.parse(out) as { modules: Module[] }).modules;
}

export function edges(modules: Module[]): Map<string, Set<string>> {
  const arrows = new Map<string, Set<string>>();
  for (const m of modules) {
    const from = boxOf(m.source);
    if (!from) continue;
    for (const d of m.dependencies) {
      const to = boxOf(d.resolved);
      if (!to || to === from) continue;
      if (!arrows.has(from)) arrows.set(from, new Set());
      arrows.get(from)!.add(to);
    }
  }
  return arrows;
}

function chart(arrows: Map<string, Set<string>>): string {
  const boxes = new Set<string>([...arrows.keys(), ...[...arrows.values()].flatMap((s) => [...s])]);
  const features = [...boxes].filter((b) => !LAYERS.includes(b)).sort();
  const layers = LAYERS.filter((b) => boxes.has(b));
  const lines = ['flowchart TD'];
  lines.push('  subgraph features');
  for (const f of features) lines.push(`    ${f}`);
  lines.push('  end');
  for (const l of layers) lines.push(`  ${l}[${l}]`);
  for (const [from, tos] of [...arrows].sort(([a], [b]) => a.localeCompare(b))) {
    for (const to of [...tos].sort()) lines.push(`  ${from} --> ${to}`);
  }
  return lines.join('\n');
}

const arrows = edges(read());
const text = `# Who imports whom in src/

Made by \`npm run graph\` (scripts/import-graph.ts) from dependency-cruiser's reading of the
imports, tests left out; \`npm run lint\` holds the rules (.dependency-cruiser.cjs): \`server\`
(the kernel: config, database, HTTP helpers, log, blob store) and \`ui\` import no feature and
not \`app\`; no feature imports \`app\` (the composition: the app, its services, the Node and
Netlify entries, the CLI); features import only the features listed for them; no cycles.

\`\`\`mermaid
${chart(arrows)}
\`\`\`
`;
fs.writeFileSync(path.join(root, 'docs/imports.md'), text);
const kernelOut = [...(arrows.get('server') ?? [])].filter(
  (b) => !LAYERS.includes(b) || b === 'app',
);
console.log(
  `docs/imports.md: ${arrows.size} boxes; arrows from server to features or app: ${kernelOut.length}`,
);
