/**
 * How a processed image's files are named (docs/adr/0027-photos-processed-at-upload.md). An
 * article keeps one URL per image, its largest JPEG or PNG; the name carries that file's width
 * and height, so a page drawing the image knows its size and its smaller siblings without
 * reading anything:
 *
 *   /media/4/images/{id}-w1600h1200.jpg        the fallback, largest (what the article names)
 *   /media/4/images/{id}-w1600h1200.960.jpg    the fallback at 960 px wide (and .480.jpg)
 *   /media/4/images/{id}-w1600h1200.1600.webp  WebP at each width (.480.webp, .960.webp)
 *
 * Images stored before processing existed have no size in their name and are drawn as before.
 * Pure: the visitor page, the editor's preview and the uploads service all read it.
 */

/** The widths stored for phones and screens; never more than the photo's own width. */
export const IMAGE_WIDTHS = [480, 960, 1600] as const;

const SIZED = /^(.*-w(\d{1,5})h(\d{1,5}))\.(jpg|png)$/;

export interface SizedImage {
  width: number;
  height: number;
  /** The widths stored, smallest first; the last is `width`. */
  widths: number[];
  /** The fallback file at a stored width (the URL itself at `width`). */
  fallback(width: number): string;
  /** The WebP file at a stored width. */
  webp(width: number): string;
}

/** The widths stored for an image `width` px wide: those of IMAGE_WIDTHS below it, then it. */
export function widthsFor(width: number): number[] {
  return [...IMAGE_WIDTHS.filter((w) => w < width), width];
}

/** The stem (`{id}-w{W}h{H}`) of a processed image. */
export const sizedStem = (id: string, width: number, height: number) => `${id}-w${width}h${height}`;

/**
 * The file an article names for a processed image's smaller file ({stem}.480.webp →
 * {stem}.jpg or {stem}.png), or undefined for any other file.
 */
export function sizedOwners(name: string): string[] | undefined {
  const match = /^(.*-w\d{1,5}h\d{1,5})\.\d{1,5}\.(?:webp|jpg|png)$/.exec(name);
  return match ? [`${match[1]}.jpg`, `${match[1]}.png`] : undefined;
}

/** A processed image's sizes and files, by its URL; undefined for an image stored as it came. */
export function sizedImage(url: string): SizedImage | undefined {
  const match = SIZED.exec(url);
  if (!match) return undefined;
  const [, stem, w, h, ext] = match;
  const width = Number(w);
  const height = Number(h);
  if (width < 1 || height < 1) return undefined;
  return {
    width,
    height,
    widths: widthsFor(width),
    fallback: (at) => (at === width ? url : `${stem}.${at}.${ext}`),
    webp: (at) => `${stem}.${at}.webp`,
  };
}
