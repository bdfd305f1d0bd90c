import { useId, useRef, useState, type RefObject } from 'react';
import type { TFn } from '../../i18n/react.ts';
import { useDismiss } from '../../ui/useDismiss.ts';

/** A publishing action the menu offers; each opens its dialog. */
export type PublishAction =
  'schedule' | 'cancelSchedule' | 'scheduleEnd' | 'cancelEnd' | 'discard' | 'unpublish';

/** Which actions apply to the article as it stands (publicationText.ts publishingChoices). */
export type PublishChoices = {
  scheduled: boolean;
  /** An end on the guide may be planned; `ending`: one is planned (to change or call off). */
  end: boolean;
  ending: boolean;
  discard: boolean;
  unpublish: boolean;
};

type Props = {
  t: TFn;
  /** An action or a save is running: the button stays (and keeps the focus) but opens nothing. */
  busy: boolean;
  /** Which actions apply to the article as it stands. */
  choices: PublishChoices;
  onChoose: (action: PublishAction) => void;
  /** The menu's button: where the focus goes back when the dialog of an action closes. */
  toggleRef: RefObject<HTMLButtonElement | null>;
};

/**
 * 'More actions': the publishing actions used now and then, folded so that the toolbar keeps to
 * two lines on a phone. A disclosure (a button and the list it shows): Escape or a click away
 * closes it and the focus stays on (or goes back to) its button, where the dialog an action
 * opens gives the focus back when it closes (usePublishingControls).
 */
export default function PublishMenu({ t, busy, choices, onChoose, toggleRef }: Props) {
  const [open, setOpen] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  const buttonRef = toggleRef;
  const listId = useId();
  useDismiss(open, boxRef, (reason) => {
    setOpen(false);
    if (reason === 'escape') buttonRef.current?.focus();
  });

  const choose = (action: PublishAction) => {
    setOpen(false);
    // The dialog opened next gives the focus back to the button, which stays.
    buttonRef.current?.focus();
    onChoose(action);
  };

  const items: { action: PublishAction; label: string; danger?: boolean }[] = [
    {
      action: 'schedule',
      label: t(choices.scheduled ? 'publishing.changeSchedule' : 'publishing.schedule'),
    },
    ...(choices.scheduled
      ? [{ action: 'cancelSchedule' as const, label: t('publishing.cancelSchedule') }]
      : []),
    ...(choices.end
      ? [
          {
            action: 'scheduleEnd' as const,
            label: t(choices.ending ? 'publishing.changeEnd' : 'publishing.scheduleEnd'),
          },
        ]
      : []),
    ...(choices.ending ? [{ action: 'cancelEnd' as const, label: t('publishing.cancelEnd') }] : []),
    ...(choices.discard
      ? [{ action: 'discard' as const, label: t('publishing.discard'), danger: true }]
      : []),
    ...(choices.unpublish
      ? [{ action: 'unpublish' as const, label: t('publishing.unpublish'), danger: true }]
      : []),
  ];

  return (
    <div ref={boxRef} className="publish-menu">
      <button
        ref={buttonRef}
        type="button"
        className="button button--ghost button--small publish-menu__toggle"
        aria-expanded={open}
        aria-controls={listId}
        aria-disabled={busy || undefined}
        onClick={() => setOpen((was) => !was && !busy)}
      >
        {t('publishing.more')}
      </button>
      <ul id={listId} className="context-menu__list publish-menu__list" hidden={!open}>
        {items.map(({ action, label, danger }) => (
          <li key={action}>
            <button
              type="button"
              className={`context-menu__item${danger ? ' context-menu__item--danger' : ''}`}
              onClick={() => choose(action)}
            >
              {label}
            </button>
          </li>
        ))}
      </ul>
    </div>
  );
}
