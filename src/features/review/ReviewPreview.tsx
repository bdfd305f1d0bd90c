import { useId, useState } from 'react';
import type { TFn } from '../../i18n/react.ts';

/** From this width the preview sits beside the texts, open; below, it opens on demand. */
const WIDE = '(min-width: 1100px)';

/**
 * The visitor page in the language being checked, as a phone shows it: the
 * real page, a staff preview that counts nothing, loaded again after each change (`version`).
 */
export default function ReviewPreview(props: {
  t: TFn;
  name: string;
  lang: string;
  version: number;
}) {
  const { t, name, lang, version } = props;
  const id = useId();
  // Rendered in the browser only (the screen waits for its address): the width is known.
  const [open, setOpen] = useState(() => window.matchMedia(WIDE).matches);
  const src = `/article?name=${encodeURIComponent(name)}&lang=${encodeURIComponent(lang)}&ignoreStats=true`;
  return (
    <aside className="review-preview" aria-labelledby={`${id}-title`}>
      <div className="review-preview__head">
        <h2 id={`${id}-title`}>{t('review.preview')}</h2>
        <button
          type="button"
          className="button button--ghost button--small"
          aria-expanded={open}
          aria-controls={`${id}-frame`}
          onClick={() => setOpen((now) => !now)}
        >
          {open ? t('review.hidePreview') : t('review.showPreview')}
        </button>
      </div>
      <div id={`${id}-frame`} className="review-preview__phone" hidden={!open}>
        {open && (
          <iframe
            key={version}
            title={t('review.previewFrame')}
            src={src}
            loading="lazy"
            // The page runs no script; the frame may not either, nor leave this screen.
            sandbox=""
          />
        )}
      </div>
    </aside>
  );
}
