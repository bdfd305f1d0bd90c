import { useId, useRef, useState, type FormEvent } from 'react';
import type { Lang } from '../../i18n/paths.ts';
import type { TFn } from '../../i18n/react.ts';
import { useModalDialog } from '../../ui/useModalDialog.ts';
import { formatZoned, zonedInputs, zonedIso, zoneName } from '../../ui/zoned-time.ts';
import type { PlanKind, ScheduleOutcome } from './usePublishing.ts';

type Props = {
  t: TFn;
  lang: Lang;
  kind: PlanKind;
  /** The museum's time zone: the date and time are typed on its clocks. */
  zone: string;
  /** The plan being changed (ISO 8601), or null for a new one. */
  planned: string | null;
  /** The other plan (ISO 8601), or null: a publish comes before the end, an end after the publish. */
  other: string | null;
  busy: boolean;
  /** Plans it at `at`, ISO 8601 with its offset; `said` is the time as shown. */
  onSchedule: (at: string, said: string) => Promise<ScheduleOutcome>;
  /** Calls the plan off (offered when there is one). */
  onCallOff: () => void;
  onClose: () => void;
};

const WORDS = {
  publish: {
    title: 'publishing.scheduleTitle',
    text: 'publishing.scheduleText',
    confirm: 'publishing.scheduleConfirm',
    keep: 'publishing.keepSchedule',
    callOff: 'publishing.cancelSchedule',
    order: 'publishing.publishAfterEnd',
  },
  end: {
    title: 'publishing.endTitle',
    text: 'publishing.endText',
    confirm: 'publishing.endConfirm',
    keep: 'publishing.keepEnd',
    callOff: 'publishing.cancelEnd',
    order: 'publishing.endBeforePublish',
  },
} as const;

/** Is `at` on the wrong side of the other plan (a publish at or after the end, or the reverse)? */
function outOfOrder(kind: PlanKind, at: string, other: string | null): boolean {
  if (other === null) return false;
  const [publish, end] = kind === 'publish' ? [at, other] : [other, at];
  return new Date(publish).getTime() >= new Date(end).getTime();
}

/** Tomorrow at 9:00 on the museum's clocks: a time a curator plans for, typed as they read it. */
function tomorrowMorning(zone: string): { date: string; time: string } {
  const tomorrow = zonedInputs(new Date(Date.now() + 24 * 60 * 60 * 1000), zone);
  return { date: tomorrow.date, time: '09:00' };
}

/**
 * 'Schedule…' and 'Take off the guide at a date…': a date and a time on the museum's clocks
 * (named: 'heure de Paris'), sent as an ISO 8601 time with the zone's offset then. A time past,
 * missing or on the wrong side of the other plan is said under the fields, in the curator's
 * language, and nothing is sent; the server's refusal of a time (past by the time it arrives)
 * is said the same way. An existing plan is shown, to change or call off.
 */
export default function ScheduleDialog(props: Props) {
  const { t, lang, kind, zone, planned, other, busy } = props;
  const words = WORDS[kind];
  const dialogRef = useModalDialog();
  const dateRef = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState(() =>
    planned ? zonedInputs(new Date(planned), zone) : tomorrowMorning(zone),
  );
  const [problem, setProblem] = useState<string | null>(null);
  const titleId = useId();
  const errorId = useId();
  const zoneText = zoneName(t, zone);

  const refuse = (message: string) => {
    setProblem(message);
    dateRef.current?.focus();
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const at = zonedIso(value.date, value.time, zone);
    if (at === null) return refuse(t('publishing.scheduleInvalid'));
    if (new Date(at).getTime() <= Date.now()) return refuse(t('publishing.schedulePast'));
    const order = other && t(words.order, { when: formatZoned(other, zone, lang) });
    if (order && outOfOrder(kind, at, other)) return refuse(order);
    const outcome = await props.onSchedule(at, formatZoned(at, zone, lang));
    if (outcome !== 'badTime') {
      if (outcome === 'scheduled') props.onClose();
      return;
    }
    // Refused by the server: the time passed meanwhile, or a colleague changed the other plan.
    const past = new Date(at).getTime() <= Date.now();
    refuse(order && !past ? order : t('publishing.schedulePast'));
  };

  const invalid = problem !== null;
  const described = invalid ? { 'aria-invalid': true, 'aria-describedby': errorId } : {};
  return (
    <dialog
      ref={dialogRef}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) props.onClose();
      }}
    >
      <h2 id={titleId} className="dialog__title">
        {t(words.title)}
      </h2>
      <form className="schedule-form" onSubmit={(event) => void submit(event)} noValidate>
        <p>{t(words.text)}</p>
        <div className="schedule-form__fields">
          <p className="field">
            <label htmlFor={`${titleId}-date`}>{t('publishing.date')}</label>
            <input
              ref={dateRef}
              id={`${titleId}-date`}
              type="date"
              required
              value={value.date}
              onChange={(event) => setValue({ ...value, date: event.target.value })}
              {...described}
            />
          </p>
          <p className="field">
            <label htmlFor={`${titleId}-time`}>{t('publishing.time', { zone: zoneText })}</label>
            <input
              id={`${titleId}-time`}
              type="time"
              required
              value={value.time}
              onChange={(event) => setValue({ ...value, time: event.target.value })}
              {...described}
            />
          </p>
        </div>
        {invalid && (
          <p id={errorId} className="schedule-form__error" role="alert">
            {problem}
          </p>
        )}
        <div className="dialog__actions">
          <button type="button" className="button button--ghost" onClick={props.onClose}>
            {/* Beside 'Cancel schedule', a plain 'Cancel' would read as the same thing. */}
            {planned ? t(words.keep) : t('editor.cancel')}
          </button>
          {planned && (
            <button type="button" className="button button--ghost" onClick={props.onCallOff}>
              {t(words.callOff)}
            </button>
          )}
          <button type="submit" className="button button--primary" disabled={busy}>
            {t(words.confirm)}
          </button>
        </div>
      </form>
    </dialog>
  );
}
