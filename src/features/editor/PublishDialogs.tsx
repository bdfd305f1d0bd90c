import type { Lang } from '../../i18n/paths.ts';
import type { TFn } from '../../i18n/react.ts';
import ConfirmDialog from '../../ui/ConfirmDialog.tsx';
import type { PublishAction } from './PublishMenu.tsx';
import ScheduleDialog from './ScheduleDialog.tsx';
import type { PlanKind, ScheduleOutcome } from './usePublishing.ts';

type Props = {
  t: TFn;
  lang: Lang;
  /** The dialog open: the action chosen in the publishing menu. */
  action: PublishAction;
  zone: string | null;
  /** The planned publish and end, ISO 8601, when there are. */
  planned: { publish: string | null; end: string | null };
  busy: boolean;
  /** Plans the publish (saving the changes in progress as the draft first) or the end. */
  onSchedule: (kind: PlanKind, at: string, said: string) => Promise<ScheduleOutcome>;
  onCallOff: (kind: PlanKind) => void;
  onDiscard: () => void;
  onUnpublish: () => void;
  onClose: () => void;
};

/**
 * The dialog of the publishing action chosen: the date and time of a planned publish or end,
 * or a confirmation before discarding the draft or taking the article back from visitors.
 * Calling a plan off needs none: it can be planned again at once.
 */
export default function PublishDialogs(props: Props) {
  const { t, action, busy, onClose } = props;
  if (action === 'schedule' || action === 'scheduleEnd') {
    if (props.zone === null) return null;
    const kind: PlanKind = action === 'schedule' ? 'publish' : 'end';
    const { publish, end } = props.planned;
    return (
      <ScheduleDialog
        t={t}
        lang={props.lang}
        kind={kind}
        zone={props.zone}
        planned={kind === 'publish' ? publish : end}
        other={kind === 'publish' ? end : publish}
        busy={busy}
        onSchedule={(at, said) => props.onSchedule(kind, at, said)}
        onCallOff={() => props.onCallOff(kind)}
        onClose={onClose}
      />
    );
  }
  if (action === 'discard') {
    return (
      <ConfirmDialog
        title={t('publishing.discardTitle')}
        cancelLabel={t('editor.cancel')}
        confirmLabel={t('publishing.discardConfirm')}
        busy={busy}
        onConfirm={props.onDiscard}
        onCancel={onClose}
      >
        <p>{t('publishing.discardText')}</p>
      </ConfirmDialog>
    );
  }
  if (action === 'unpublish') {
    return (
      <ConfirmDialog
        title={t('publishing.unpublishTitle')}
        cancelLabel={t('editor.cancel')}
        confirmLabel={t('publishing.unpublishConfirm')}
        busy={busy}
        onConfirm={props.onUnpublish}
        onCancel={onClose}
      >
        <p>{t('publishing.unpublishText')}</p>
      </ConfirmDialog>
    );
  }
  return null;
}
