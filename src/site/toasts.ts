import type { FlashKind } from '../ui/flash.ts';

/**
 * The public pages' toasts without React: the same markup and stylesheet as react-toastify's
 * container in the staff screens (src/ui/Toasts.tsx: top right, light, 5 s, paused while the
 * pointer or the focus is on it, Alt+T focuses the newest, a close button with a translated
 * name), drawn into the region PublicTopBar.astro puts in the page.
 */

const SHOWN_MS = 5000;
const SVG = 'http://www.w3.org/2000/svg';

/** react-toastify's own icons (24 × 24). */
const ICONS: Record<FlashKind, string> = {
  success:
    'M12 0a12 12 0 1012 12A12.014 12.014 0 0012 0zm6.927 8.2l-6.845 9.289a1.011 1.011 0 01-1.43.188l-4.888-3.908a1 1 0 111.25-1.562l4.076 3.261 6.227-8.451a1 1 0 111.61 1.183z',
  error:
    'M11.983 0a12.206 12.206 0 00-8.51 3.653A11.8 11.8 0 000 12.207 11.779 11.779 0 0011.8 24h.214A12.111 12.111 0 0024 11.791 11.766 11.766 0 0011.983 0zM10.5 16.542a1.476 1.476 0 011.449-1.53h.027a1.527 1.527 0 011.523 1.47 1.475 1.475 0 01-1.449 1.53h-.027a1.529 1.529 0 01-1.523-1.47zM11 12.5v-6a1 1 0 012 0v6a1 1 0 11-2 0z',
  info: 'M12 0a12 12 0 1012 12A12.013 12.013 0 0012 0zm.25 5a1.5 1.5 0 11-1.5 1.5 1.5 1.5 0 011.5-1.5zm2.25 13.5h-4a1 1 0 010-2h.75a.25.25 0 00.25-.25v-4.5a.25.25 0 00-.25-.25h-.75a1 1 0 010-2h1a2 2 0 012 2v4.75a.25.25 0 00.25.25h.75a1 1 0 110 2z',
  warning:
    'M23.32 17.191L15.438 2.184C14.728.833 13.416 0 11.996 0c-1.42 0-2.733.833-3.443 2.184L.533 17.448a4.744 4.744 0 000 4.368C1.243 23.167 2.555 24 3.975 24h16.05C22.22 24 24 22.044 24 19.632c0-.904-.251-1.746-.68-2.44zm-9.622 1.46c0 1.033-.724 1.823-1.698 1.823s-1.698-.79-1.698-1.822v-.043c0-1.028.724-1.822 1.698-1.822s1.698.79 1.698 1.822v.043zm.039-12.285l-.84 8.06c-.057.581-.408.943-.897.943-.49 0-.84-.367-.896-.942l-.84-8.065c-.057-.624.25-1.095.779-1.095h1.91c.528.005.84.476.784 1.1z',
};
const CLOSE_ICON =
  'M7.71 8.23l3.75 3.75-1.48 1.48-3.75-3.75-3.75 3.75L1 11.98l3.75-3.75L1 4.48 2.48 3l3.75 3.75L9.98 3l1.48 1.48-3.75 3.75z';

function icon(viewBox: string, d: string, fill?: string): SVGSVGElement {
  const svg = document.createElementNS(SVG, 'svg');
  svg.setAttribute('viewBox', viewBox);
  svg.setAttribute('aria-hidden', 'true');
  if (fill) {
    svg.setAttribute('width', '100%');
    svg.setAttribute('height', '100%');
    svg.setAttribute('fill', fill);
  }
  const path = document.createElementNS(SVG, 'path');
  path.setAttribute('fill-rule', 'evenodd');
  path.setAttribute('d', d);
  svg.append(path);
  return svg;
}

function element(tag: string, className: string): HTMLElement {
  const node = document.createElement(tag);
  node.className = className;
  return node;
}

/** The region's list, made at the first toast. */
function container(region: HTMLElement): HTMLElement {
  const existing = region.querySelector<HTMLElement>('.Toastify__toast-container');
  if (existing) return existing;
  const list = element('div', 'Toastify__toast-container Toastify__toast-container--top-right');
  region.append(list);
  return list;
}

/** A toast that closes itself after 5 s of being seen, or at its close button. */
export function showToast(kind: FlashKind, message: string): void {
  const region = document.querySelector<HTMLElement>('[data-toasts]');
  if (!region) return;
  const toast = element(
    'div',
    `Toastify__toast Toastify__toast-theme--light Toastify__toast--${kind}`,
  );
  toast.setAttribute('role', 'alert');
  toast.tabIndex = 0;
  const iconBox = element('div', 'Toastify__toast-icon');
  iconBox.append(icon('0 0 24 24', ICONS[kind], `var(--toastify-icon-color-${kind})`));
  const text = element('div', '');
  text.textContent = message;
  const close = element('button', 'Toastify__close-button Toastify__close-button--light');
  close.setAttribute('type', 'button');
  close.setAttribute('aria-label', region.dataset.closeLabel ?? '');
  close.append(icon('0 0 14 16', CLOSE_ICON));
  toast.append(iconBox, text, close);
  container(region).prepend(toast);

  let left = SHOWN_MS;
  let started = Date.now();
  let timer: number | undefined = window.setTimeout(remove, left);
  function remove() {
    window.clearTimeout(timer);
    toast.remove();
  }
  const pause = () => {
    if (timer === undefined) return;
    window.clearTimeout(timer);
    timer = undefined;
    left -= Date.now() - started;
  };
  const resume = () => {
    if (timer !== undefined || toast.matches(':hover, :focus-within')) return;
    started = Date.now();
    timer = window.setTimeout(remove, Math.max(left, 0));
  };
  toast.addEventListener('pointerenter', pause);
  toast.addEventListener('pointerleave', resume);
  toast.addEventListener('focusin', pause);
  toast.addEventListener('focusout', () => queueMicrotask(resume));
  close.addEventListener('click', remove);
}

/** Alt+T takes the focus to the newest toast, as react-toastify's container does. */
export function listenForToastKey(): void {
  document.addEventListener('keydown', (event) => {
    if (!event.altKey || event.code !== 'KeyT') return;
    document.querySelector<HTMLElement>('[data-toasts] .Toastify__toast')?.focus();
  });
}
