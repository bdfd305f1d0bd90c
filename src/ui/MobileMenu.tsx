import { useEffect, useId, useRef, useState } from 'react';
import { LANGS, type Lang } from '../i18n/paths.ts';
import { useT } from '../i18n/react.ts';
import { switchLanguage } from './language.ts';
import { MENU_ICON } from './menu-icon.ts';
import type { NavLink } from './nav-link.ts';
import { useDismiss } from './useDismiss.ts';

type Props = { lang: Lang; links: NavLink[]; current: string };

/** Hamburger menu for narrow screens (< 720px): Dashboard, Blog, Contact and the language. */
export default function MobileMenu({ lang, links, current }: Props) {
  const t = useT(lang);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useDismiss(open, rootRef, (reason) => {
    setOpen(false);
    if (reason === 'escape') buttonRef.current?.focus();
  });

  // Widening the window past the breakpoint hides the button: close the menu with it.
  useEffect(() => {
    if (!open) return;
    const wide = window.matchMedia('(min-width: 720px)');
    const onChange = () => wide.matches && setOpen(false);
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, [open]);

  return (
    <div className="mobile-menu" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="mobile-menu__button"
        aria-label={t('nav.menu')}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <svg aria-hidden="true" focusable="false" width="24" height="24" viewBox="0 0 24 24">
          <path
            d={open ? MENU_ICON.open : MENU_ICON.closed}
            stroke="currentColor"
            strokeWidth="2"
          />
        </svg>
      </button>
      <div className="mobile-menu__panel" id={panelId} hidden={!open}>
        <nav aria-label={t('nav.mobile')}>
          <ul>
            {links.map((link) => (
              <li key={link.path}>
                <a
                  href={link.href}
                  aria-current={link.path === current ? 'page' : undefined}
                  onClick={() => setOpen(false)}
                >
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="mobile-menu__langs" role="group" aria-label={t('nav.language')}>
          {LANGS.map((option) => (
            <button
              key={option}
              type="button"
              data-lang={option}
              aria-pressed={option === lang}
              onClick={() => {
                setOpen(false);
                switchLanguage(lang, option);
              }}
            >
              <span className="lang-switcher__code">{option.toUpperCase()}</span>
              <span lang={option}>{t(`nav.${option}`)}</span>
            </button>
          ))}
        </div>
      </div>
    </div>
  );
}
