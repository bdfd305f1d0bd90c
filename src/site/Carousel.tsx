import { useEffect, useRef, useState, type FocusEvent } from 'react';
import MultiCarouselModule from 'react-multi-carousel';
import 'react-multi-carousel/lib/styles.css';
import type { Lang } from '../i18n/paths.ts';
import { useT } from '../i18n/react.ts';
import { useHydrated } from '../ui/browser.ts';
import {
  AUTOPLAY_SPEED_MS,
  CAROUSEL_RESPONSIVE,
  CENTER_MODE_ABOVE,
  TRANSITION_MS,
  type CarouselImage,
} from './carousel-config.ts';
import CarouselOverlay from './CarouselOverlay.tsx';
import { useMediaQuery, useWindowWiderThan } from './carousel-hooks.ts';
import { useUnfocusableHiddenSlides } from './useUnfocusableHiddenSlides.ts';

// The package is CommonJS (`exports.default`): bundlers disagree on what a default import gives.
const MultiCarousel =
  (MultiCarouselModule as unknown as { default?: typeof MultiCarouselModule }).default ??
  MultiCarouselModule;

type Props = { images: readonly CarouselImage[]; lang: Lang };

type ArrowProps = { label: string; direction: 'previous' | 'next'; onClick?: () => void };

/** react-multi-carousel clones this and hands it onClick (its own arrows are labelled in English). */
function Arrow({ label, direction, onClick }: ArrowProps) {
  return (
    <button
      type="button"
      className={`carousel__arrow carousel__arrow--${direction}`}
      aria-label={label}
      onClick={onClick}
    >
      <svg aria-hidden="true" focusable="false" width="22" height="22" viewBox="0 0 24 24">
        <path
          d={direction === 'previous' ? 'M15 5l-7 7 7 7' : 'M9 5l7 7-7 7'}
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
        />
      </svg>
    </button>
  );
}

/**
 * The partner museum's carousel on the landing page: 3 images side by side from 1024 px, 1
 * below; autoplay every 2400 ms, infinite, no mouse dragging, centre mode above 1080 px. A click
 * opens the image full size.
 *
 * Autoplay stops while the overlay is open, while the pointer is over the strip or a keyboard
 * focus is in it, when the visitor presses Pause (WCAG 2.2.2), and never starts when they prefer
 * reduced motion (then there is nothing to pause and no Pause button).
 *
 * The strip itself is drawn in the browser only: react-multi-carousel writes style attributes,
 * which the page's CSP refuses in server-rendered HTML. Until then an empty frame of the same
 * height holds its place, so nothing moves when it appears.
 */
export default function Carousel({ images, lang }: Props) {
  const t = useT(lang);
  const hydrated = useHydrated();
  const reducedMotion = useMediaQuery('(prefers-reduced-motion: reduce)');
  const centerMode = useWindowWiderThan(CENTER_MODE_ABOVE);
  const [pausedByUser, setPausedByUser] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [keyboardFocus, setKeyboardFocus] = useState(false);
  const [openIndex, setOpenIndex] = useState<number | null>(null);
  const openerRef = useRef<HTMLButtonElement | null>(null);
  const stripRef = useRef<HTMLDivElement>(null);
  const libraryRef = useRef<MultiCarouselModule>(null);

  useUnfocusableHiddenSlides(stripRef, hydrated);

  // The library measures its slides on its own resize handler, which may run before this
  // component has switched centre mode: measure again with the new mode.
  useEffect(() => {
    libraryRef.current?.setItemsToShow(true);
  }, [centerMode]);

  // The overlay is gone: focus goes back to the image that opened it.
  useEffect(() => {
    if (openIndex !== null) return;
    openerRef.current?.focus();
    openerRef.current = null;
  }, [openIndex]);

  const playing =
    hydrated && !reducedMotion && !pausedByUser && !hovered && !keyboardFocus && openIndex === null;

  const onFocus = (event: FocusEvent<HTMLDivElement>) => {
    // A mouse click focuses the button too; only a keyboard focus holds the slides still.
    setKeyboardFocus(event.target.matches(':focus-visible'));
  };
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    if (!event.currentTarget.contains(event.relatedTarget)) setKeyboardFocus(false);
  };

  const openImage = images[openIndex ?? -1];

  return (
    <div
      className={`carousel${centerMode ? ' carousel--center' : ''}`}
      role="group"
      aria-roledescription={t('landingWidgets.carouselRole')}
      aria-label={t('landingWidgets.carouselLabel')}
      data-center-mode={centerMode}
      data-playing={playing}
    >
      <div
        ref={stripRef}
        className="carousel__viewport"
        aria-live={playing ? 'off' : 'polite'}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={onFocus}
        onBlur={onBlur}
      >
        {hydrated && (
          <MultiCarousel
            ref={libraryRef}
            responsive={CAROUSEL_RESPONSIVE}
            autoPlay={playing}
            autoPlaySpeed={AUTOPLAY_SPEED_MS}
            infinite
            draggable={false}
            // Touch swipes stay: on a phone a swipe is the expected way to move a strip, and
            // a tap (no movement) still opens the image.
            swipeable
            centerMode={centerMode}
            keyBoardControl={false}
            pauseOnHover={false}
            transitionDuration={TRANSITION_MS}
            customTransition={reducedMotion ? 'none' : `transform ${TRANSITION_MS}ms ease-in-out`}
            customLeftArrow={<Arrow direction="previous" label={t('landingWidgets.previous')} />}
            customRightArrow={<Arrow direction="next" label={t('landingWidgets.next')} />}
            containerClass="carousel__list"
            itemClass="carousel__item"
          >
            {images.map((image, index) => (
              <button
                key={image.small}
                type="button"
                className="carousel__open"
                aria-label={t('landingWidgets.openImage', { alt: image.alt[lang] })}
                aria-haspopup="dialog"
                onClick={(event) => {
                  openerRef.current = event.currentTarget;
                  setOpenIndex(index);
                }}
              >
                <img
                  className="carousel__image"
                  src={image.small}
                  width={image.width}
                  height={image.height}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  draggable={false}
                />
              </button>
            ))}
          </MultiCarousel>
        )}
      </div>
      <div className="carousel__controls">
        {!reducedMotion && (
          <button
            type="button"
            className="button button--ghost carousel__toggle"
            onClick={() => setPausedByUser((paused) => !paused)}
          >
            <svg aria-hidden="true" focusable="false" width="16" height="16" viewBox="0 0 16 16">
              {pausedByUser ? (
                <path d="M4 2.5v11l9-5.5z" fill="currentColor" />
              ) : (
                <path d="M4 2.5h3v11H4zM9 2.5h3v11H9z" fill="currentColor" />
              )}
            </svg>
            {pausedByUser ? t('landingWidgets.play') : t('landingWidgets.pause')}
          </button>
        )}
      </div>
      {openImage && (
        <CarouselOverlay
          image={openImage}
          alt={openImage.alt[lang]}
          closeLabel={t('landingWidgets.close')}
          onClose={() => setOpenIndex(null)}
        />
      )}
    </div>
  );
}
