// @ts-check
import { defineConfig } from 'astro/config';
import react from '@astrojs/react';
import { loadConfig } from './src/server/config.ts';
import { bookingFrameDirectives, widgetStyleHashes } from './src/site/widget-csp.ts';
import { decapCms } from './src/site/cms/integration.ts';

// Static site: every page is prebuilt HTML; React only in islands. French at the plain routes,
// English under /en/ (docs/adr/0001-language-in-the-url.md).
export default defineConfig({
  output: 'static',
  trailingSlash: 'never',
  // Styles inline: no render-blocking stylesheet request on a museum's slow Wi-Fi (Lighthouse).
  build: { format: 'file', inlineStylesheets: 'always' },
  integrations: [react(), decapCms()],
  i18n: {
    locales: ['fr', 'en'],
    defaultLocale: 'fr',
    routing: { prefixDefaultLocale: false },
  },
  // Astro hashes its own scripts and styles; react-calendly adds a <style> of its own and the
  // booking popup frames the booking page.
  security: {
    csp: {
      directives: bookingFrameDirectives(loadConfig().site.bookingUrl),
      styleDirective: { hashes: widgetStyleHashes() },
    },
  },
  // Posts carry no code; Shiki's inline styles would break the CSP.
  markdown: { syntaxHighlight: false },
  devToolbar: { enabled: false },
});
