/**
 * The partner carousel's settings (17 images, autoplay every 2400 ms). react-multi-carousel
 * takes the responsive object exactly as written here (desktop 3 items, tablet and mobile 1).
 */

/** One carousel image: a small file for the strip, a large one for the overlay. */
export interface CarouselImage {
  /** Strip image (…/NN-640.webp). */
  small: string;
  /** Overlay image (…/NN.webp). */
  large: string;
  /** The large image's size in pixels; the small one has the same proportions. */
  width: number;
  height: number;
  alt: { fr: string; en: string };
}

export const CAROUSEL_RESPONSIVE = {
  desktop: { breakpoint: { max: 3000, min: 1024 }, items: 3 },
  tablet: { breakpoint: { max: 1024, min: 464 }, items: 1 },
  mobile: { breakpoint: { max: 464, min: 0 }, items: 1 },
};

export const AUTOPLAY_SPEED_MS = 2400;

/** Centre mode (a half image on each side) only when the window is wider than this. */
export const CENTER_MODE_ABOVE = 1080;

/** The slide animation; none when the visitor prefers reduced motion. */
export const TRANSITION_MS = 500;
