// @ts-check
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

/**
 * Forbids re-exports (`export … from`, and `export { x }` of an imported x): every import names
 * the module that defines what it takes, so a file split leaves no forwarding file behind and a
 * reader goes straight to the definition (ADR 0047).
 */
/** @type {import('eslint').Rule.RuleModule} */
const noReexport = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const message = 'Import from the module that defines it; no re-exports (ADR 0047).';
    /** @type {(name: string, node: import('estree').Node) => boolean} */
    const isImported = (name, node) => {
      /** @type {import('eslint').Scope.Scope | null} */
      let scope = context.sourceCode.getScope(node);
      for (; scope; scope = scope.upper) {
        const found = scope.set.get(name);
        if (found) return found.defs.some((def) => def.type === 'ImportBinding');
      }
      return false;
    };
    return {
      ExportAllDeclaration: (node) => context.report({ node, message }),
      ExportNamedDeclaration(node) {
        if (node.source) return context.report({ node, message });
        for (const specifier of node.specifiers) {
          if (specifier.local.type === 'Identifier' && isImported(specifier.local.name, node)) {
            context.report({ node: specifier, message });
          }
        }
      },
    };
  },
};

export default defineConfig(
  {
    ignores: [
      'dist',
      '.builds/',
      'netlify/built/',
      'data/',
      '.astro/',
      '.tmp/',
      'node_modules/',
      'test-results/',
      'playwright-report/',
      'drizzle/',
      // The marketing tools lint themselves: npm run lint:tools (tools/marketing/eslint.config.js).
      'tools/',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...astro.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  { files: ['**/*.tsx'], ...reactHooks.configs.flat.recommended },
  {
    // One typed module reads the environment (src/server/config.ts).
    files: ['src/**/*.{ts,tsx,astro}'],
    ignores: ['src/server/config.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read settings through src/server/config.ts.',
        },
      ],
    },
  },
  {
    // The scripts of public/ are served as written, as classic scripts (not modules): what one
    // declares at its top level is read by the ones loaded after it, which name it in a
    // `/* global … */` comment (offline-plan.js, offline-keep.js, offline-save.js, then offline.js; ADR 0046).
    files: ['public/**/*.js'],
    languageOptions: { sourceType: 'script' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { vars: 'local', argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
    },
  },
  {
    files: ['src/**/*.{ts,tsx,astro}'],
    ignores: [
      // drizzle-kit reads the tables from this one module (drizzle.config.ts).
      'src/server/db/schema.ts',
      // The one door to react-toastify's unstyled build, whose queue is module state.
      'src/ui/toast.ts',
    ],
    plugins: { legenda: { rules: { 'no-reexport': noReexport } } },
    rules: { 'legenda/no-reexport': 'error' },
  },
  {
    // Files stay small enough to read in one sitting; data tables and schemas are lists, not
    // logic, and may run longer. Blank lines and comments are not counted. The scripts of
    // public/ are held to it too (ADR 0046).
    files: ['src/**/*.{ts,tsx,astro}', 'public/**/*.js'],
    ignores: ['**/*.test.ts', 'src/server/db/schema.ts'],
    rules: { 'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }] },
  },
  {
    // A function reads top to bottom without a scroll. Components (.tsx) are left out: most of
    // their length is the JSX they return, which reads as markup.
    files: ['src/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'max-lines-per-function': ['error', { max: 80, skipBlankLines: true, skipComments: true }],
    },
  },
);
