/**
 * The demo article every new installation starts with (made once, at the first start, in the
 * first museum): the public landing page prints its QR code, so these never change. No server
 * imports here: the Astro landing page imports this file when it builds.
 */

/** The demo's QR short code: 10 letters and digits, like every code (qrcodes/codes.ts). */
export const DEMO_CODE = 'DemoLegend';

/** The demo article's public url slug: /article?name=demo. */
export const DEMO_ARTICLE_NAME = 'demo';

/** The path a scan of the demo's QR code opens. */
export const DEMO_SCAN_PATH = `/r/${DEMO_CODE}`;
