/**
 * Which feature folder may import which (ADR 0012): a feature imports only the ones listed for
 * it, so no two features import each other, and the article model (articles) and the language
 * module (languages) import no feature. `npm run lint` runs it (dependency-cruiser). A new
 * feature folder must be added here before anything imports across it.
 */
const ALLOWED = {
  articles: [],
  languages: [],
  auth: [],
  health: [],
  accounts: ['auth'],
  tree: ['articles'],
  settings: ['languages'],
  stats: ['articles', 'languages'],
  translation: ['articles', 'languages'],
  reader: ['articles', 'languages', 'stats', 'translation'],
  editor: ['articles', 'reader', 'translation', 'tree'],
  uploads: ['articles', 'editor'],
  qrcodes: ['articles', 'languages', 'reader', 'stats', 'tree'],
  demo: ['accounts', 'articles', 'editor', 'qrcodes', 'translation'],
  review: ['articles', 'feedback', 'languages', 'translation'],
  // Visitors' reports: the visitor page's form and words are the reader's.
  feedback: ['articles', 'languages', 'reader'],
  // The glossary hands the translator its entries in the translator's own type (GlossaryTerm).
  glossary: ['languages', 'translation'],
  circuits: ['articles', 'reader', 'tree'],
  usage: ['stats'],
  // The whole museum out and in: every part of it, as each feature's rules check it.
  // demo: a museum holding only the untouched demo article takes a restore (restore-into.ts).
  transfer: [
    'articles',
    'circuits',
    'demo',
    'glossary',
    'languages',
    'qrcodes',
    'settings',
    'tree',
    'uploads',
  ],
  // auth: its gate (HashGate) lets one document be read at a time, as it lets few hashes run.
  imports: ['articles', 'auth', 'tree', 'uploads'],
};
const features = Object.keys(ALLOWED);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Modules that import each other, directly or not, types included.',
      severity: 'error',
      from: { path: '^src/' },
      to: { circular: true },
    },
    {
      name: 'kernel-imports-no-feature',
      comment:
        'src/server is the kernel features build on (config, db, http, log, blobs): it never ' +
        'imports a feature or the composition in src/app, so every arrow points down.',
      severity: 'error',
      from: { path: '^src/server/' },
      to: { path: '^src/(features|app)/' },
    },
    {
      name: 'ui-imports-no-feature',
      comment: 'src/ui holds what every screen shares: it never imports a feature or src/app.',
      severity: 'error',
      from: { path: '^src/ui/' },
      to: { path: '^src/(features|app)/' },
    },
    {
      name: 'features-import-no-composition',
      comment:
        'src/app composes the features into the app and its entry points; a feature never ' +
        'imports it back (its tests may, to run the whole app).',
      severity: 'error',
      from: { path: '^src/features/', pathNot: '[.]test[.]tsx?$' },
      to: { path: '^src/app/' },
    },
    {
      name: 'feature-not-listed',
      comment: 'A feature folder missing from ALLOWED in .dependency-cruiser.cjs.',
      severity: 'error',
      from: { path: `^src/features/(?!(?:${features.join('|')})/)[^/]+/` },
      to: { path: '^src/features/' },
    },
    {
      name: 'feature-listed-but-unknown',
      comment: 'An import of a feature folder missing from ALLOWED.',
      severity: 'error',
      from: { path: '^src/features/' },
      to: { path: `^src/features/(?!(?:${features.join('|')})/)[^/]+/` },
    },
    ...Object.entries(ALLOWED).map(([feature, allowed]) => ({
      name: `feature-${feature}`,
      comment: `features/${feature} may import only ${allowed.length ? allowed.join(', ') : 'no other feature'}.`,
      severity: 'error',
      from: { path: `^src/features/${feature}/` },
      to: {
        path: '^src/features/',
        pathNot: `^src/features/(?:${[feature, ...allowed].join('|')})/`,
      },
    })),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    exclude: { path: '(^|/)node_modules/' },
  },
};
