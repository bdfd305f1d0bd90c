// @ts-check
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';

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
    // `/* global … */` comment (offline-plan.js, then offline-save.js, then offline.js; ADR 0046).
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
