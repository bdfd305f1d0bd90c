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
);
