import { createRoot } from 'react-dom/client';
import type { Lang } from '../i18n/paths.ts';
import { useT } from '../i18n/react.ts';
import { BookingDialog } from '../ui/BookDemo.tsx';

/**
 * The booking popup on a public page, fetched at the first click on a 'Book a demo' (public-page.ts):
 * the only React those pages load before their carousel. It closes as in the staff screens'
 * island (src/ui/BookDemo.tsx) and gives the focus back to the button or link that opened it.
 */
function Popup({ lang, url, onClose }: { lang: Lang; url: string; onClose: () => void }) {
  const t = useT(lang);
  return <BookingDialog t={t} url={url} onClose={onClose} />;
}

export function showBooking(opener: HTMLElement, lang: Lang, url: string, onClosed: () => void) {
  const host = document.createElement('div');
  document.body.append(host);
  const root = createRoot(host);
  const close = () => {
    root.unmount();
    host.remove();
    opener.focus();
    onClosed();
  };
  root.render(<Popup lang={lang} url={url} onClose={close} />);
}
