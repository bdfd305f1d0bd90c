import { useRef, type KeyboardEvent, type Ref } from 'react';
import type { TFn } from '../../i18n/react.ts';

/**
 * Where the form and the preview stack into one column (global.css, 'Article editor': below
 * 900 px). There, one of them is shown at a time and the switch chooses; above, both are shown
 * side by side and there is no switch. The same width as the CSS's, or a tablet would show both
 * stacked with a switch, or neither.
 */
export const STACKED_QUERY = '(max-width: 899.98px)';

export type EditorView = 'edit' | 'preview';

const VIEWS: readonly EditorView[] = ['edit', 'preview'];

/** The ids that tie each tab to its panel (the form, the preview). */
export const tabId = (view: EditorView) => `editor-tab-${view}`;
export const panelId = (view: EditorView) => `editor-panel-${view}`;

type Props = {
  t: TFn;
  view: EditorView;
  onChoose: (view: EditorView) => void;
  ref?: Ref<HTMLDivElement>;
};

/**
 * Edit | Preview, on a phone: the preview no longer waits below the whole
 * form. Tabs as WAI-ARIA's pattern has them: one tab stop, the arrows, Home and End move
 * between them, and the tab reached is shown at once.
 */
export default function EditorViewSwitch({ t, view, onChoose, ref }: Props) {
  const tabs = useRef<Partial<Record<EditorView, HTMLButtonElement | null>>>({});
  const label = (v: EditorView) => (v === 'edit' ? t('editor.viewEdit') : t('editor.viewPreview'));

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const at = VIEWS.indexOf(view);
    const next =
      event.key === 'ArrowRight'
        ? VIEWS[(at + 1) % VIEWS.length]
        : event.key === 'ArrowLeft'
          ? VIEWS[(at - 1 + VIEWS.length) % VIEWS.length]
          : event.key === 'Home'
            ? VIEWS[0]
            : event.key === 'End'
              ? VIEWS[VIEWS.length - 1]
              : undefined;
    if (!next) return;
    event.preventDefault();
    onChoose(next);
    tabs.current[next]?.focus();
  };

  return (
    <div ref={ref} className="editor-switch">
      <div
        className="editor-switch__tabs"
        role="tablist"
        aria-label={t('editor.viewSwitch')}
        onKeyDown={onKeyDown}
      >
        {VIEWS.map((v) => (
          <button
            key={v}
            ref={(button) => {
              tabs.current[v] = button;
            }}
            type="button"
            role="tab"
            id={tabId(v)}
            className="editor-switch__tab"
            aria-selected={view === v}
            aria-controls={panelId(v)}
            tabIndex={view === v ? 0 : -1}
            onClick={() => onChoose(v)}
          >
            {label(v)}
          </button>
        ))}
      </div>
    </div>
  );
}
