// Client-only: the QR image of a code on its detail page, drawn by qr-code-styling.
// The library touches the DOM, so it is loaded on demand in the browser, never at build time.
import type QRCodeStyling from 'qr-code-styling';
import type { FileExtension, Options } from 'qr-code-styling';

export type QrCode = QRCodeStyling;

/** Download formats, the default (png) first. */
export const EXTENSIONS: readonly FileExtension[] = ['png', 'svg', 'jpeg', 'webp'];
export const DEFAULT_EXTENSION: FileExtension = 'png';

export function isExtension(value: string): value is FileExtension {
  return (EXTENSIONS as readonly string[]).includes(value);
}

/**
 * The centre logo: the Legenda mark with a white ring so it stands out on either background,
 * and an explicit size (the library measures the image to place it).
 */
export const QR_LOGO = '/qr-logo.svg';

/**
 * The colour schemes: dark on light (the default, first), the polarity every decoder reads, and
 * white dots on black, which zbar and some phone scanners read only once they think of
 * inverting it, so it comes with a warning (docs/adr/0030-qr-codes-dark-on-light.md).
 */
export const COLOURS = ['dark-on-light', 'light-on-dark'] as const;
export type Colours = (typeof COLOURS)[number];
export const DEFAULT_COLOURS: Colours = 'dark-on-light';

export function isColours(value: string): value is Colours {
  return (COLOURS as readonly string[]).includes(value);
}

const PALETTE: Record<Colours, { dots: string; background: string }> = {
  'light-on-dark': { dots: '#ffffff', background: '#000000' },
  'dark-on-light': { dots: '#000000', background: '#ffffff' },
};

/** The colour options of a scheme (qr-code-styling's `update` takes these alone). */
export function colourOptions(colours: Colours): Partial<Options> {
  const { dots, background } = PALETTE[colours];
  return { dotsOptions: { color: dots }, backgroundOptions: { color: background } };
}

/** The image's side in pixels. */
export const QR_SIZE = 300;

/**
 * The margin around the modules, in pixels. The library draws modules of
 * floor((side - 2 x margin) / count) pixels, centred: 24 px is at least two modules for every
 * code (21 modules and more) at 300 px, the quiet zone decoders need to find the code; the
 * short addresses of codes (29 to 33 modules) get about four.
 */
export const QR_MARGIN = 24;

/** 300x300, a quiet zone of two modules or more, dark on light, logo 0.6 with margin 8, level Q. */
export function qrOptions(
  data: string,
  type: 'canvas' | 'svg' = 'canvas',
  colours: Colours = DEFAULT_COLOURS,
): Partial<Options> {
  return {
    type,
    data,
    width: QR_SIZE,
    height: QR_SIZE,
    margin: QR_MARGIN,
    image: QR_LOGO,
    ...colourOptions(colours),
    imageOptions: { imageSize: 0.6, margin: 8, hideBackgroundDots: true },
    qrOptions: { errorCorrectionLevel: 'Q' },
  };
}

let library: Promise<typeof QRCodeStyling> | null = null;

/** The QR code of `data`, once the library is loaded. */
export async function createQrCode(
  data: string,
  type: 'canvas' | 'svg' = 'canvas',
  colours: Colours = DEFAULT_COLOURS,
): Promise<QrCode> {
  library ??= import('qr-code-styling').then((module) => module.default);
  let Styling: typeof QRCodeStyling;
  try {
    Styling = await library;
  } catch (error) {
    // A failed chunk load (network) may succeed later.
    library = null;
    throw error;
  }
  const qr = new Styling(qrOptions(data, type, colours));
  // Each module is its own shape: drawn scaled (printed, or a downloaded SVG enlarged), smoothed
  // edges leave hairlines between neighbours. Crisp edges join them; at the default 300 px the
  // modules are whole pixels, so the PNG, JPEG and WebP files are unchanged.
  qr.applyExtension((svg) => svg.setAttribute('shape-rendering', 'crispEdges'));
  return qr;
}

/** The file name of a download, without its extension; the variant says so in its name. */
export function downloadName(link: string, colours: Colours = DEFAULT_COLOURS): string {
  return colours === DEFAULT_COLOURS ? `qrcode-${link}` : `qrcode-${link}-${colours}`;
}

/** The printed address without its scheme, shorter under a printed code. */
export function shortAddress(url: string): string {
  return url.replace(/^https?:\/\//, '');
}

/**
 * The printed address in two: the site (`musee.example.org/`) and the part that names the code
 * (`r/AbC1234567`), which the print sheet never breaks; a line may end only after the site's
 * last slash or, in a long site name, before one of its dots or after one of its slashes.
 */
export function addressParts(url: string): { site: string[]; code: string } {
  const address = shortAddress(url);
  const at = address.lastIndexOf('/r/');
  const cut = at >= 0 ? at + 1 : address.lastIndexOf('/') + 1;
  // Pieces of the site: each ends after a slash or before a dot.
  const site = address.slice(0, cut).match(/\.?[^./]*\/?/g) ?? [];
  return { site: site.filter((piece) => piece !== ''), code: address.slice(cut) };
}
