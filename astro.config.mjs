// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';

// Static site: every page is prebuilt HTML; React only in islands. French at the spec's routes,
// English under /en/ (docs/adr/0001-language-in-the-url.md).
export default defineConfig({
  output: 'static',
  trailingSlash: 'never',
  build: { format: 'file' },
  integrations: [react()],
  i18n: {
    locales: ['fr', 'en'],
    defaultLocale: 'fr',
    routing: { prefixDefaultLocale: false },
  },
  security: { csp: true },
  devToolbar: { enabled: false },
});
