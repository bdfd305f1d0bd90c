import { createElement as h, type CSSProperties, type ReactElement } from 'react';
import { sizedImage } from '../../articles/image-sizes.ts';

/**
 * An uploaded image as the visitor's page draws it. A processed image (its name carries its
 * size: articles/image-sizes.ts) becomes a <picture>: WebP at each stored width, the JPEG or PNG
 * for browsers without WebP, `sizes` from the share of the column it fills, and width and
 * height so the page does not move as it arrives. Only the article's first image loads at once;
 * the rest wait until the visitor scrolls near them. An image stored before processing existed
 * is drawn exactly as it always was.
 */

/** The blocks' column: 48rem less 12 px of padding each side (reader-css.ts). */
const COLUMN_PX = 744;

export interface PictureProps {
  src: string;
  className: string;
  alt: string;
  style?: CSSProperties;
  /** The percentage of the column's width the image fills, on every screen. */
  share: number;
  /** The article's first image: fetched at once, as it is likely on the first screen. */
  first: boolean;
}

export function picture({ src, className, alt, style, share, first }: PictureProps): ReactElement {
  const sized = sizedImage(src);
  if (!sized) return h('img', { className, src, alt, loading: 'lazy', decoding: 'async', style });
  const part = Math.min(Math.max(share, 1), 100);
  const sizes = `(min-width:48rem) ${Math.round((COLUMN_PX * part) / 100)}px, ${Math.round(part)}vw`;
  const list = (file: (width: number) => string) =>
    sized.widths.map((width) => `${file(width)} ${width}w`).join(', ');
  return h(
    'picture',
    null,
    h('source', { type: 'image/webp', srcSet: list(sized.webp), sizes }),
    h('img', {
      className,
      src,
      srcSet: sized.widths.length > 1 ? list(sized.fallback) : undefined,
      sizes: sized.widths.length > 1 ? sizes : undefined,
      width: sized.width,
      height: sized.height,
      alt,
      loading: first ? undefined : 'lazy',
      decoding: first ? undefined : 'async',
      style,
    }),
  );
}
