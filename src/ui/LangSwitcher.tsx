import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { LANGS, type Lang } from '../i18n/paths.ts';
import { useT } from '../i18n/react.ts';
import { switchLanguage } from './language.ts';
import { useDismiss } from './useDismiss.ts';

/** Button showing FR or EN that opens a two-option menu, in the top bar. */
export default function LangSwitcher({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemsRef = useRef<(HTMLButtonElement | null)[]>([]);
  const menuId = useId();

  useDismiss(open, rootRef, (reason) => {
    setOpen(false);
    if (reason === 'escape') buttonRef.current?.focus();
  });

  const focusItem = (index: number) => {
    const count = LANGS.length;
    itemsRef.current[((index % count) + count) % count]?.focus();
  };

  const openMenu = (focusIndex: number) => {
    setOpen(true);
    // The menu renders on the next frame; focus then.
    requestAnimationFrame(() => focusItem(focusIndex));
  };

  const onButtonKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu(event.key === 'ArrowDown' ? 0 : LANGS.length - 1);
    }
  };

  const onItemKey = (event: KeyboardEvent, index: number) => {
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: LANGS.length - 1,
    };
    const target = moves[event.key];
    if (target !== undefined) {
      event.preventDefault();
      focusItem(target);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  const choose = (choice: Lang) => {
    setOpen(false);
    if (choice === lang) buttonRef.current?.focus();
    switchLanguage(lang, choice);
  };

  const current = lang.toUpperCase();
  return (
    <div className="lang-switcher" ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className="lang-switcher__button"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('nav.languageButton', { current })}
        onClick={() => (open ? setOpen(false) : openMenu(LANGS.indexOf(lang)))}
        onKeyDown={onButtonKey}
      >
        {current}
        <svg aria-hidden="true" width="12" height="12" viewBox="0 0 12 12" focusable="false">
          <path d="M2 4l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.6" />
        </svg>
      </button>
      {/* Always in the page, hidden when closed: the public pages' plain script opens the same
          markup (src/site/public-page.ts). */}
      <ul
        className="lang-switcher__menu"
        id={menuId}
        role="menu"
        aria-label={t('nav.language')}
        hidden={!open}
      >
        {LANGS.map((option, index) => (
          <li role="none" key={option}>
            <button
              ref={(el) => {
                itemsRef.current[index] = el;
              }}
              type="button"
              role="menuitemradio"
              aria-checked={option === lang}
              tabIndex={-1}
              className="lang-switcher__item"
              data-lang={option}
              onClick={() => choose(option)}
              onKeyDown={(event) => onItemKey(event, index)}
            >
              <span className="lang-switcher__code">{option.toUpperCase()}</span>
              <span lang={option}>{t(`nav.${option}`)}</span>
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
