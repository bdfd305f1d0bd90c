import {
  lazy,
  Suspense,
  useEffect,
  useRef,
  useState,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { localePath, type Lang } from '../i18n/paths.ts';
import { useT, type TFn } from '../i18n/react.ts';
import { useSession } from './session.ts';
import { useModalDialog } from './useModalDialog.ts';

/**
 * 'Book a demo' (the floating button for logged-out visitors; its popup 630 px high, 320 px wide at least). With a booking page
 * (PUBLIC_BOOKING_URL, through site.bookingUrl) it opens react-calendly's popup over the page;
 * without one it is a link to /contact. react-calendly is fetched at the first opening.
 */

// Its module adds Calendly's stylesheet to the page when it runs: astro.config.mjs allows it.
const PopupModal = lazy(() =>
  import('react-calendly').then((module) => ({ default: module.PopupModal })),
);

type Props = { lang: Lang; bookingUrl?: string | undefined };

/** The floating button of the top bar, for logged-out visitors only. */
export default function BookDemo({ lang, bookingUrl }: Props) {
  const session = useSession();
  if (session.status !== 'out') return null;
  return <BookDemoLink lang={lang} bookingUrl={bookingUrl} className="book-demo" />;
}

/**
 * The same, as an ordinary button in a page (the contact page's booking column), whatever the
 * session. With a booking page it is a <button>; without, a link to /contact.
 */
export function BookDemoButton({
  lang,
  bookingUrl,
  className = 'button button--primary',
}: Props & { className?: string }) {
  const t = useT(lang);
  const [open, setOpen] = useState(false);
  const buttonRef = useFocusAfterClose<HTMLButtonElement>(open);
  if (!bookingUrl) {
    return (
      <a className={className} href={localePath(lang, '/contact')}>
        {t('nav.bookDemo')}
      </a>
    );
  }
  return (
    <>
      <button
        ref={buttonRef}
        type="button"
        className={className}
        aria-haspopup="dialog"
        data-booking=""
        onClick={() => setOpen(true)}
      >
        {t('nav.bookDemo')}
      </button>
      {open && <BookingDialog t={t} url={bookingUrl} onClose={() => setOpen(false)} />}
    </>
  );
}

/**
 * The floating one as the public pages draw it at build time, hidden: their plain script
 * (src/site/public-page.ts) shows it once the session check says nobody is signed in, and opens
 * the popup (data-booking; the page's top bar names the booking page) on a plain click.
 */
export function ScriptedBookDemo({ lang, bookingUrl }: Props) {
  const t = useT(lang);
  return (
    <a
      className="book-demo"
      href={localePath(lang, '/contact')}
      aria-haspopup={bookingUrl ? 'dialog' : undefined}
      data-booking={bookingUrl ? '' : undefined}
      data-signed-out=""
      hidden
    >
      {t('nav.bookDemo')}
    </a>
  );
}

/**
 * The floating one stays a link to /contact (a new tab or a click before hydration still gets
 * there), and opens the popup instead when there is a booking page.
 */
function BookDemoLink({ lang, bookingUrl, className }: Props & { className: string }) {
  const t = useT(lang);
  const [open, setOpen] = useState(false);
  const linkRef = useFocusAfterClose<HTMLAnchorElement>(open);
  const onClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!bookingUrl || event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0) {
      return;
    }
    event.preventDefault();
    setOpen(true);
  };
  return (
    <>
      <a
        ref={linkRef}
        className={className}
        href={localePath(lang, '/contact')}
        aria-haspopup={bookingUrl ? 'dialog' : undefined}
        onClick={onClick}
      >
        {t('nav.bookDemo')}
      </a>
      {open && bookingUrl && (
        <BookingDialog t={t} url={bookingUrl} onClose={() => setOpen(false)} />
      )}
    </>
  );
}

/** The opener gets the focus back once the dialog is closed (it is inert while it is open). */
function useFocusAfterClose<T extends HTMLElement>(open: boolean) {
  const ref = useRef<T>(null);
  const wasOpen = useRef(false);
  useEffect(() => {
    if (open) {
      wasOpen.current = true;
    } else if (wasOpen.current) {
      wasOpen.current = false;
      ref.current?.focus();
    }
  }, [open]);
  return ref;
}

/**
 * A modal <dialog> named 'Book a demo' holding Calendly's popup (its overlay, frame and
 * spinner). The popup is drawn inside the dialog, not in document.body: a modal dialog makes
 * the rest of the page inert, the popup included if it lived there. Escape, the close button
 * and a click beside the frame close it; Calendly's own close button (an English label, an
 * image from its servers) is hidden by the stylesheet.
 */
export function BookingDialog({ t, url, onClose }: { t: TFn; url: string; onClose: () => void }) {
  const dialogRef = useModalDialog();
  const [popupRoot, setPopupRoot] = useState<HTMLDivElement | null>(null);

  let popup: ReactNode = null;
  if (popupRoot) {
    popup = (
      <Suspense fallback={null}>
        <PopupModal
          url={url}
          open
          rootElement={popupRoot}
          onModalClose={onClose}
          iframeTitle={t('landingWidgets.bookingFrame')}
        />
      </Suspense>
    );
  }

  return (
    <dialog
      ref={dialogRef}
      className="booking-dialog"
      aria-label={t('nav.bookDemo')}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <button
        type="button"
        className="booking-dialog__close"
        aria-label={t('landingWidgets.close')}
        onClick={onClose}
      >
        <svg aria-hidden="true" focusable="false" width="24" height="24" viewBox="0 0 24 24">
          <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.5" />
        </svg>
      </button>
      <div ref={setPopupRoot} className="booking-dialog__popup" />
      {popup}
    </dialog>
  );
}
