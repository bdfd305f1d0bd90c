import {
  useEffect,
  useEffectEvent,
  useRef,
  useState,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import type { TFn } from '../../i18n/react.ts';
import { dropIndex, moveItem, type Message } from './draft.ts';

/**
 * What a stop shows: its article's title, public name and stop number in the museum (none
 * without), or that the article is gone; `empty`: the article has nothing for visitors yet, so
 * they do not see the stop (articles/has-content.ts).
 */
export type StopLabel = {
  title: string;
  name: string | null;
  stop?: number | undefined;
  empty?: boolean | undefined;
};

type Props = {
  t: TFn;
  /** The stops' article ids, in order. */
  articleIds: readonly number[];
  labelOf: (id: number) => StopLabel;
  /** Problems about single stops, by article id. */
  problems: Record<number, Message>;
  /** The id prefix of the stops' error lines (aria-describedby). */
  idPrefix: string;
  onChange: (articleIds: number[]) => void;
  /** Said to screen readers (the form's live region). */
  announce: (text: string) => void;
  /** Where focus goes when the last stop is removed. */
  focusAfterLast: () => void;
  disabled: boolean;
};

type Drag = { from: number; to: number; pointerId: number };

type Focus = { id: number; button: 'up' | 'down' | 'remove' };

/**
 * A circuit's stops: an ordered list with their positions, each moved by keyboard
 * (Move up / Move down, the new position said aloud) or dragged by its handle (pointer: mouse,
 * pen or finger; Escape cancels), and removed.
 */
export default function StopList(props: Props) {
  const { t, articleIds, labelOf, problems, idPrefix, onChange, announce, disabled } = props;
  const [drag, setDrag] = useState<Drag | null>(null);
  const items = useRef(new Map<number, HTMLLIElement>());
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const pendingFocus = useRef<Focus | null>(null);

  // After a move or a removal, focus stays with the stop (or goes to its neighbour).
  useEffect(() => {
    const wanted = pendingFocus.current;
    if (!wanted) return;
    pendingFocus.current = null;
    const order: Focus['button'][] =
      wanted.button === 'up' ? ['up', 'down', 'remove'] : ['down', 'up', 'remove'];
    if (wanted.button === 'remove') order.unshift('remove');
    for (const button of order) {
      const element = buttons.current.get(`${wanted.id}:${button}`);
      if (element && !element.disabled) {
        element.focus();
        return;
      }
    }
  });

  const titleOf = (id: number) => labelOf(id).title;
  const count = articleIds.length;

  const move = (from: number, to: number, button: Focus['button'] | null) => {
    const id = articleIds[from];
    if (id === undefined || to < 0 || to >= count || to === from) return;
    if (button) pendingFocus.current = { id, button };
    onChange(moveItem(articleIds, from, to));
    announce(t('circuits.moved', { title: titleOf(id), position: to + 1, count }));
  };

  const remove = (index: number) => {
    const id = articleIds[index];
    if (id === undefined) return;
    const neighbour = articleIds[index + 1] ?? articleIds[index - 1];
    if (neighbour === undefined) props.focusAfterLast();
    else pendingFocus.current = { id: neighbour, button: 'remove' };
    onChange(articleIds.filter((_, i) => i !== index));
    announce(t('circuits.removed', { title: titleOf(id) }));
  };

  // Dragging: the list is shown as it would be dropped, the dragged stop marked.
  const shown = drag ? moveItem(articleIds, drag.from, drag.to) : articleIds;

  /** The drag as events see it: ahead of `drag`, whose render may not have happened yet. */
  const dragRef = useRef<Drag | null>(null);

  const startDrag = (event: ReactPointerEvent<HTMLSpanElement>, index: number) => {
    if (disabled || dragRef.current || (event.pointerType === 'mouse' && event.button !== 0)) {
      return;
    }
    event.preventDefault();
    dragRef.current = { from: index, to: index, pointerId: event.pointerId };
    setDrag(dragRef.current);
  };

  const onPointerMove = useEffectEvent((event: PointerEvent) => {
    const current = dragRef.current;
    if (!current || event.pointerId !== current.pointerId) return;
    event.preventDefault();
    // The stops where they are now on the screen; the dragged one goes below those above it.
    const middles = articleIds.map((id) => {
      const rect = items.current.get(id)?.getBoundingClientRect();
      return rect ? rect.top + rect.height / 2 : 0;
    });
    const to = dropIndex(middles, current.from, event.clientY);
    if (to === current.to) return;
    dragRef.current = { ...current, to };
    setDrag(dragRef.current);
  });

  const onPointerEnd = useEffectEvent((event: PointerEvent | KeyboardEvent) => {
    const current = dragRef.current;
    if (!current) return;
    if (event instanceof KeyboardEvent) {
      if (event.key !== 'Escape') return;
      event.preventDefault();
    } else if (event.pointerId !== current.pointerId) return;
    dragRef.current = null;
    setDrag(null);
    if (event.type === 'pointerup') move(current.from, current.to, null);
  });

  // While a stop is dragged, the window follows the pointer: the list's nodes move under it.
  const dragging = drag !== null;
  useEffect(() => {
    if (!dragging) return;
    const end = (event: PointerEvent | KeyboardEvent) => onPointerEnd(event);
    const follow = (event: PointerEvent) => onPointerMove(event);
    window.addEventListener('pointermove', follow);
    window.addEventListener('pointerup', end);
    window.addEventListener('pointercancel', end);
    window.addEventListener('keydown', end);
    return () => {
      window.removeEventListener('pointermove', follow);
      window.removeEventListener('pointerup', end);
      window.removeEventListener('pointercancel', end);
      window.removeEventListener('keydown', end);
    };
  }, [dragging]);

  if (count === 0) return <p className="muted circuit-stops__empty">{t('circuits.noStops')}</p>;

  return (
    <ol className="circuit-stops">
      {shown.map((id, index) => {
        const label = labelOf(id);
        const problem = problems[id];
        const dragged = drag !== null && articleIds[drag.from] === id;
        const errorId = `${idPrefix}-${id}-error`;
        return (
          <li
            key={id}
            ref={(element) => {
              if (element) items.current.set(id, element);
              else items.current.delete(id);
            }}
            className={[
              'circuit-stop',
              dragged ? 'circuit-stop--dragged' : '',
              problem ? 'circuit-stop--invalid' : '',
            ]
              .filter(Boolean)
              .join(' ')}
          >
            <span
              className="circuit-stop__handle"
              aria-hidden="true"
              title={t('circuits.dragHint')}
              onPointerDown={(event) => startDrag(event, index)}
            >
              <svg viewBox="0 0 12 20" width="12" height="20" focusable="false">
                {[4, 10, 16].map((y) => (
                  <g key={y}>
                    <circle cx="3" cy={y} r="1.6" />
                    <circle cx="9" cy={y} r="1.6" />
                  </g>
                ))}
              </svg>
            </span>
            <span className="circuit-stop__position" aria-hidden="true">
              {index + 1}
            </span>
            <span className="circuit-stop__text">
              <span className="visually-hidden">
                {t('circuits.position', { position: index + 1, count })}{' '}
              </span>
              <span className="circuit-stop__title">{label.title}</span>
              {label.stop !== undefined && (
                <span className="circuit-stop__number">{t('stops.label', { n: label.stop })}</span>
              )}
              {label.name !== null && <span className="circuit-stop__name">{label.name}</span>}
              {label.empty === true && (
                <span className="circuit-stop__warning">{t('circuits.emptyStop')}</span>
              )}
              {problem && (
                <span id={errorId} className="circuit-field-error">
                  {t(problem.key, problem.vars)}
                </span>
              )}
            </span>
            <span className="circuit-stop__actions">
              <button
                type="button"
                className="button button--ghost button--small circuit-stop__move"
                ref={(element) => {
                  if (element) buttons.current.set(`${id}:up`, element);
                  else buttons.current.delete(`${id}:up`);
                }}
                disabled={disabled || index === 0}
                title={t('circuits.up')}
                aria-label={t('circuits.moveUp', { title: label.title })}
                aria-describedby={problem ? errorId : undefined}
                onClick={() => move(index, index - 1, 'up')}
              >
                <span aria-hidden="true">↑</span>
              </button>
              <button
                type="button"
                className="button button--ghost button--small circuit-stop__move"
                ref={(element) => {
                  if (element) buttons.current.set(`${id}:down`, element);
                  else buttons.current.delete(`${id}:down`);
                }}
                disabled={disabled || index === count - 1}
                title={t('circuits.down')}
                aria-label={t('circuits.moveDown', { title: label.title })}
                aria-describedby={problem ? errorId : undefined}
                onClick={() => move(index, index + 1, 'down')}
              >
                <span aria-hidden="true">↓</span>
              </button>
              <button
                type="button"
                className="button button--quiet-danger button--small"
                ref={(element) => {
                  if (element) buttons.current.set(`${id}:remove`, element);
                  else buttons.current.delete(`${id}:remove`);
                }}
                disabled={disabled}
                aria-label={t('circuits.removeStop', { title: label.title })}
                aria-describedby={problem ? errorId : undefined}
                onClick={() => remove(index)}
              >
                {t('circuits.remove')}
              </button>
            </span>
          </li>
        );
      })}
    </ol>
  );
}
