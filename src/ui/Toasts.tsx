import { useEffect } from 'react';
import { ToastContainer, type CloseButtonProps } from 'react-toastify/unstyled';
import 'react-toastify/ReactToastify.css';
import type { Lang } from '../i18n/paths.ts';
import { useT, type TFn } from '../i18n/react.ts';
import { takeFlashes } from './flash.ts';
import { toast } from './toast.ts';

/** react-toastify's close button with a translated label (the unstyled build does not export it). */
function closeButton(t: TFn) {
  return function CloseToast({ closeToast, theme }: CloseButtonProps) {
    return (
      <button
        type="button"
        className={`Toastify__close-button Toastify__close-button--${theme}`}
        aria-label={t('toast.close')}
        onClick={(event) => {
          event.stopPropagation();
          closeToast(true);
        }}
      >
        <svg aria-hidden="true" viewBox="0 0 14 16">
          <path
            fillRule="evenodd"
            d="M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z"
          />
        </svg>
      </button>
    );
  };
}

/** The page's only toast container (5000 ms, top-right, light; Alt+T focuses it). */
export default function Toasts({ lang }: { lang: Lang }) {
  const t = useT(lang);

  useEffect(() => {
    for (const { kind, message } of takeFlashes()) toast[kind](message);
  }, []);

  return (
    <ToastContainer
      autoClose={5000}
      position="top-right"
      theme="light"
      aria-label={t('toast.region')}
      closeButton={closeButton(t)}
    />
  );
}
