import { isLang, LANGS, localePath, type Lang } from '../i18n/paths.ts';
import { call, getRoute, postRoute } from '../ui/api.ts';
import { flash, takeFlashes } from '../ui/flash.ts';
import { switchLanguage } from '../ui/language.ts';
import { MENU_ICON } from '../ui/menu-icon.ts';
import { listenForToastKey, showToast } from './toasts.ts';

/**
 * The public pages' one script, in place of React: their top bar is src/ui/TopBar.tsx drawn at
 * build time (PublicTopBar.astro), and this gives it what the staff screens' hydrated copy does
 * with React: the language menu (keyboard as a menu: arrows, Home, End, Escape, Tab), the phone's
 * menu, Logout or the floating 'Book a demo' after the session check, the toasts left by the
 * page before, and the booking popup, whose React is fetched at the first click.
 */

type DismissReason = 'outside' | 'escape';

/** While open: a press outside `root` or Escape closes (src/ui/useDismiss.ts, the same rules). */
function dismissOn(root: HTMLElement, close: (reason: DismissReason) => void): () => void {
  const onPointer = (event: PointerEvent) => {
    if (!root.contains(event.target as Node)) close('outside');
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') close('escape');
  };
  document.addEventListener('pointerdown', onPointer);
  document.addEventListener('keydown', onKey);
  return () => {
    document.removeEventListener('pointerdown', onPointer);
    document.removeEventListener('keydown', onKey);
  };
}

/** A disclosure's open state: the panel, aria-expanded, the dismiss listeners. */
function disclosure(
  root: HTMLElement,
  button: HTMLButtonElement,
  panel: HTMLElement,
  onChange?: (open: boolean) => void,
) {
  let stop: (() => void) | undefined;
  const state = {
    open: false,
    set(open: boolean) {
      if (open === state.open) return;
      state.open = open;
      panel.hidden = !open;
      button.setAttribute('aria-expanded', String(open));
      onChange?.(open);
      stop?.();
      stop = open
        ? dismissOn(root, (reason) => {
            state.set(false);
            if (reason === 'escape') button.focus();
          })
        : undefined;
    },
  };
  // Back from the back-forward cache: every menu closed.
  window.addEventListener('pageshow', () => state.set(false));
  return state;
}

function langOf(element: Element): Lang | undefined {
  const value = element.getAttribute('data-lang');
  return isLang(value) ? value : undefined;
}

/** The FR/EN button and its two-option menu. */
function wireLangSwitcher(root: HTMLElement, lang: Lang) {
  const button = root.querySelector<HTMLButtonElement>('.lang-switcher__button');
  const menu = root.querySelector<HTMLElement>('.lang-switcher__menu');
  if (!button || !menu) return;
  const items = [...menu.querySelectorAll<HTMLButtonElement>('[data-lang]')];
  const menuState = disclosure(root, button, menu, (open) => {
    if (open) button.setAttribute('aria-controls', menu.id);
    else button.removeAttribute('aria-controls');
  });
  const focusItem = (index: number) => {
    items[((index % items.length) + items.length) % items.length]?.focus();
  };
  const openAt = (index: number) => {
    menuState.set(true);
    focusItem(index);
  };

  button.addEventListener('click', () =>
    menuState.open ? menuState.set(false) : openAt(LANGS.indexOf(lang)),
  );
  button.addEventListener('keydown', (event) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    openAt(event.key === 'ArrowDown' ? 0 : items.length - 1);
  });
  items.forEach((item, index) => {
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: items.length - 1,
    };
    item.addEventListener('keydown', (event) => {
      const target = moves[event.key];
      if (target !== undefined) {
        event.preventDefault();
        focusItem(target);
      } else if (event.key === 'Tab') {
        menuState.set(false);
      }
    });
    item.addEventListener('click', () => {
      const choice = langOf(item);
      if (!choice) return;
      menuState.set(false);
      if (choice === lang) button.focus();
      switchLanguage(lang, choice);
    });
  });
}

/** The phone's menu: the links and the language, behind the hamburger. */
function wireMobileMenu(root: HTMLElement, lang: Lang) {
  const button = root.querySelector<HTMLButtonElement>('.mobile-menu__button');
  const panel = root.querySelector<HTMLElement>('.mobile-menu__panel');
  if (!button || !panel) return;
  const icon = button.querySelector('path');
  const menuState = disclosure(root, button, panel, (open) =>
    icon?.setAttribute('d', open ? MENU_ICON.open : MENU_ICON.closed),
  );
  button.addEventListener('click', () => menuState.set(!menuState.open));
  // Widening the window past the breakpoint hides the button: the menu closes with it.
  window.matchMedia('(min-width: 720px)').addEventListener('change', (event) => {
    if (event.matches) menuState.set(false);
  });
  for (const link of panel.querySelectorAll('a')) {
    link.addEventListener('click', () => menuState.set(false));
  }
  for (const option of panel.querySelectorAll<HTMLButtonElement>('[data-lang]')) {
    option.addEventListener('click', () => {
      const choice = langOf(option);
      if (!choice) return;
      menuState.set(false);
      switchLanguage(lang, choice);
    });
  }
}

const sessionRoute = getRoute<{ email?: unknown }>('/session');
const logoutRoute = postRoute<Record<string, never>, unknown>('/logout');

async function signedIn(): Promise<boolean> {
  try {
    const { status, answer } = await call(sessionRoute);
    return status === 200 && typeof answer?.email === 'string' && answer.email !== '';
  } catch (error) {
    console.error('Session check failed', error);
    return false;
  }
}

/** Logout for the signed in, the floating 'Book a demo' for everyone else. */
async function showSession(lang: Lang) {
  const logout = document.querySelector<HTMLButtonElement>('[data-logout]');
  const book = document.querySelector<HTMLElement>('[data-signed-out]');
  const isIn = await signedIn();
  if (logout) logout.hidden = !isIn;
  if (book) book.hidden = isIn;
  if (logout && !logout.dataset.wired) {
    logout.dataset.wired = 'true';
    logout.addEventListener('click', () => void signOut(logout, lang));
  }
}

/** POST /logout; on 200 the visitor lands on the home page of the page's language. */
async function signOut(button: HTMLButtonElement, lang: Lang) {
  const label = button.textContent;
  button.disabled = true;
  button.textContent = button.dataset.busy ?? label;
  try {
    const { status } = await call(logoutRoute, {});
    if (status === 200) {
      flash('success', button.dataset.done ?? '');
      window.location.assign(localePath(lang, '/'));
      return;
    }
  } catch (error) {
    console.error('Logout failed', error);
  }
  showToast('error', button.dataset.failed ?? '');
  button.disabled = false;
  button.textContent = label;
}

/**
 * 'Book a demo' (data-booking) with a booking page (named on the top bar): a plain click opens
 * the popup; React comes then.
 */
function wireBooking(lang: Lang, url: string) {
  let opening = false;
  document.addEventListener('click', (event) => {
    const opener = (event.target as Element | null)?.closest<HTMLElement>('[data-booking]');
    if (!opener || opening) return;
    const modified = event.ctrlKey || event.metaKey || event.shiftKey || event.button !== 0;
    if (opener instanceof HTMLAnchorElement && modified) return;
    event.preventDefault();
    opening = true;
    import('./booking-popup.tsx')
      .then(({ showBooking }) => showBooking(opener, lang, url, () => (opening = false)))
      .catch((error: unknown) => {
        // Offline or a new build: the link still leads to the contact page.
        console.error('The booking popup could not be loaded', error);
        opening = false;
        if (opener instanceof HTMLAnchorElement) window.location.assign(opener.href);
      });
  });
}

const bar = document.querySelector<HTMLElement>('[data-public-topbar]');
const pageLang = document.documentElement.lang;
if (bar && isLang(pageLang)) {
  for (const root of bar.querySelectorAll<HTMLElement>('.lang-switcher')) {
    wireLangSwitcher(root, pageLang);
  }
  for (const root of bar.querySelectorAll<HTMLElement>('.mobile-menu')) {
    wireMobileMenu(root, pageLang);
  }
  if (bar.dataset.bookingUrl) wireBooking(pageLang, bar.dataset.bookingUrl);
  void showSession(pageLang);
  window.addEventListener('pageshow', (event) => {
    if (event.persisted) void showSession(pageLang);
  });
  listenForToastKey();
  for (const { kind, message } of takeFlashes()) showToast(kind, message);
}
