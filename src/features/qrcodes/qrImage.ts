// Client-only: the QR image of a code (spec 2 'QR code detail', spec 9), drawn by qr-code-styling.
// The library touches the DOM, so it is loaded on demand in the browser, never at build time.
import type QRCodeStyling from 'qr-code-styling';
import type { FileExtension, Options } from 'qr-code-styling';

export type QrCode = QRCodeStyling;

/** Download formats, the default first (spec 2: 'default png'). */
export const EXTENSIONS: readonly FileExtension[] = ['png', 'svg', 'jpeg', 'webp'];
export const DEFAULT_EXTENSION: FileExtension = 'png';

export function isExtension(value: string): value is FileExtension {
  return (EXTENSIONS as readonly string[]).includes(value);
}

/**
 * The centre logo: the Legenda mark with a white ring so it stands out on the black
 * background, and an explicit size (the library measures the image to place it).
 */
export const QR_LOGO = '/qr-logo.svg';

/** Spec 9: 300x300, margin 1, white dots on black, logo 0.6 with margin 8, level Q. */
export function qrOptions(data: string, type: 'canvas' | 'svg' = 'canvas'): Partial<Options> {
  return {
    type,
    data,
    width: 300,
    height: 300,
    margin: 1,
    image: QR_LOGO,
    dotsOptions: { color: '#ffffff' },
    backgroundOptions: { color: '#000000' },
    imageOptions: { imageSize: 0.6, margin: 8, hideBackgroundDots: true },
    qrOptions: { errorCorrectionLevel: 'Q' },
  };
}

let library: Promise<typeof QRCodeStyling> | null = null;

/** The QR code of `data`, once the library is loaded. */
export async function createQrCode(
  data: string,
  type: 'canvas' | 'svg' = 'canvas',
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
  const qr = new Styling(qrOptions(data, type));
  // Each module is its own shape: drawn scaled (printed, or a downloaded SVG enlarged), smoothed
  // edges leave hairlines between neighbours. Crisp edges join them; at the spec's 300 px the
  // modules are whole pixels, so the PNG, JPEG and WebP files are unchanged.
  qr.applyExtension((svg) => svg.setAttribute('shape-rendering', 'crispEdges'));
  return qr;
}

/** The file name of a download, without its extension. */
export function downloadName(link: string): string {
  return `qrcode-${link}`;
}

/** The printed address without its scheme, shorter under a printed code. */
export function shortAddress(url: string): string {
  return url.replace(/^https?:\/\//, '');
}
