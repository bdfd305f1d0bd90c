import { useId } from 'react';
import type { CarouselImage } from './carousel-config.ts';
import { useModalDialog } from '../ui/useModalDialog.ts';

type Props = {
  image: CarouselImage;
  /** The image's description in the page's language: the alt text and the caption. */
  alt: string;
  closeLabel: string;
  onClose: () => void;
};

/**
 * The full-size view of a carousel image: a modal <dialog> (the page behind is inert, focus
 * starts on Close, Escape and a click beside the image close it). The opener gives focus back
 * to the image that was clicked once this is gone.
 */
export default function CarouselOverlay({ image, alt, closeLabel, onClose }: Props) {
  const dialogRef = useModalDialog();
  const captionId = useId();

  return (
    <dialog
      ref={dialogRef}
      className="carousel-overlay"
      aria-labelledby={captionId}
      onCancel={(event) => {
        // Escape: let React close it, so the state and the element agree.
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop or the frame around the picture.
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <button
        type="button"
        className="carousel-overlay__close"
        aria-label={closeLabel}
        onClick={onClose}
      >
        <svg aria-hidden="true" focusable="false" width="24" height="24" viewBox="0 0 24 24">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" />
        </svg>
      </button>
      <figure className="carousel-overlay__figure">
        <img
          className="carousel-overlay__image"
          src={image.large}
          width={image.width}
          height={image.height}
          alt={alt}
          decoding="async"
        />
        <figcaption id={captionId} className="carousel-overlay__caption">
          {alt}
        </figcaption>
      </figure>
    </dialog>
  );
}
