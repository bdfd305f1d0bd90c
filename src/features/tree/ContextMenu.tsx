import { useEffect, useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { TFn } from '../../i18n/react.ts';
import { useDismiss, type DismissReason } from '../../ui/useDismiss.ts';

export type MoveTarget = {
  key: string;
  label: string;
  toPathArray: number[];
  toFolderId: number | null;
};

type Props = {
  t: TFn;
  /** The line's shown name, for the menu's label. */
  name: string;
  /** Where the menu opens: the pointer, or below the line opened from the keyboard. */
  x: number;
  y: number;
  targets: MoveTarget[];
  onRename: () => void;
  onMove: (target: MoveTarget) => void;
  onDelete: () => void;
  onClose: (reason: DismissReason | 'tab') => void;
};

/**
 * A line's context menu: Rename, Move to (a submenu that opens on hover, on keyboard
 * focus and with ArrowRight) and Delete. Menu-button keyboard model of the ARIA practices:
 * arrows, Home and End move, Escape closes (the submenu first), Tab leaves.
 */
export default function ContextMenu(props: Props) {
  const { t, name, x, y, targets, onRename, onMove, onDelete, onClose } = props;
  const rootRef = useRef<HTMLDivElement>(null);
  const itemsRef = useRef<(HTMLButtonElement | null)[]>([]);
  const subItemsRef = useRef<(HTMLButtonElement | null)[]>([]);
  const [subOpen, setSubOpen] = useState(false);
  const backFromSub = useRef(false);
  const subId = useId();
  const canMove = targets.length > 0;

  useDismiss(true, rootRef, onClose);

  // Keep the menu inside the window (a right-click near an edge, a phone), again when the
  // submenu opens; a submenu with no room on the right opens on the left.
  useLayoutEffect(() => {
    const menu = rootRef.current;
    if (!menu) return;
    const margin = 8;
    const fit = (start: number, size: number, room: number) =>
      Math.max(margin, Math.min(start, room - size - margin));
    const { width, height } = menu.getBoundingClientRect();
    menu.style.left = `${fit(x, width, window.innerWidth)}px`;
    menu.style.top = `${fit(y, height, window.innerHeight)}px`;
    const sub = menu.querySelector<HTMLElement>('.context-menu__submenu');
    if (sub && getComputedStyle(sub).position === 'absolute') {
      sub.classList.remove('context-menu__submenu--left');
      if (sub.getBoundingClientRect().right > window.innerWidth - margin) {
        sub.classList.add('context-menu__submenu--left');
      }
    }
  }, [x, y, subOpen]);

  useEffect(() => {
    itemsRef.current[0]?.focus();
  }, []);

  const focusIn = (list: (HTMLButtonElement | null)[], index: number) => {
    const count = list.length;
    if (count === 0) return;
    list[((index % count) + count) % count]?.focus();
  };

  const moveKeys = (event: KeyboardEvent, list: (HTMLButtonElement | null)[], index: number) => {
    const last = list.length - 1;
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: last,
    };
    const target = moves[event.key];
    if (target === undefined) return false;
    event.preventDefault();
    focusIn(list, target);
    return true;
  };

  const openSub = (focusFirst: boolean) => {
    if (!canMove) return;
    setSubOpen(true);
    if (focusFirst) requestAnimationFrame(() => focusIn(subItemsRef.current, 0));
  };

  const onItemKey = (event: KeyboardEvent, index: number) => {
    if (event.key === 'Tab') {
      onClose('tab');
      return;
    }
    if (moveKeys(event, itemsRef.current, index)) return;
    if (index === 1 && (event.key === 'ArrowRight' || event.key === 'Enter' || event.key === ' ')) {
      event.preventDefault();
      openSub(true);
    }
  };

  const onSubKey = (event: KeyboardEvent, index: number) => {
    if (event.key === 'Tab') {
      onClose('tab');
      return;
    }
    if (moveKeys(event, subItemsRef.current, index)) return;
    if (event.key === 'ArrowLeft' || event.key === 'Escape') {
      // Close the submenu only; the document's Escape handler must not close the whole menu.
      event.preventDefault();
      event.stopPropagation();
      event.nativeEvent.stopImmediatePropagation();
      setSubOpen(false);
      backFromSub.current = true;
      itemsRef.current[1]?.focus();
    }
  };

  /** A menu item with no submenu: hovering or focusing it closes the Move to submenu. */
  const plainItem = (index: number, label: string, onClick: () => void, modifier = '') => (
    <li role="none">
      <button
        ref={(el) => {
          itemsRef.current[index] = el;
        }}
        type="button"
        role="menuitem"
        tabIndex={-1}
        className={`context-menu__item ${modifier}`.trim()}
        onClick={onClick}
        onKeyDown={(event) => onItemKey(event, index)}
        onMouseEnter={() => setSubOpen(false)}
        onFocus={() => setSubOpen(false)}
      >
        {label}
      </button>
    </li>
  );

  const menuLabel = t('tree.menu', { name });
  return (
    <div ref={rootRef} className="context-menu" onContextMenu={(event) => event.preventDefault()}>
      <ul role="menu" aria-label={menuLabel} className="context-menu__list">
        {plainItem(0, t('tree.rename'), onRename)}
        <li
          role="none"
          className="context-menu__parent"
          onMouseEnter={() => openSub(false)}
          onMouseLeave={() => setSubOpen(false)}
        >
          <button
            ref={(el) => {
              itemsRef.current[1] = el;
            }}
            type="button"
            role="menuitem"
            tabIndex={-1}
            className="context-menu__item context-menu__item--sub"
            aria-haspopup="menu"
            aria-expanded={canMove ? subOpen : undefined}
            aria-controls={subOpen ? subId : undefined}
            aria-disabled={canMove ? undefined : true}
            onClick={() => openSub(true)}
            onKeyDown={(event) => onItemKey(event, 1)}
            onFocus={() => {
              // Focus coming back from the submenu must not open it again.
              if (backFromSub.current) backFromSub.current = false;
              else openSub(false);
            }}
          >
            {t('tree.moveTo')}
            {!canMove && <span className="visually-hidden"> ({t('tree.noDestination')})</span>}
          </button>
          {subOpen && (
            <ul
              id={subId}
              role="menu"
              aria-label={t('tree.moveMenu', { name })}
              className="context-menu__list context-menu__submenu"
            >
              {targets.map((target, index) => (
                <li role="none" key={target.key}>
                  <button
                    ref={(el) => {
                      subItemsRef.current[index] = el;
                    }}
                    type="button"
                    role="menuitem"
                    tabIndex={-1}
                    className="context-menu__item"
                    onClick={() => onMove(target)}
                    onKeyDown={(event) => onSubKey(event, index)}
                  >
                    {target.label}
                  </button>
                </li>
              ))}
            </ul>
          )}
        </li>
        {plainItem(2, t('tree.delete'), onDelete, 'context-menu__item--danger')}
      </ul>
    </div>
  );
}
