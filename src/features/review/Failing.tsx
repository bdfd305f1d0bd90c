import { useState } from 'react';
import type { Lang } from '../../i18n/paths.ts';
import type { TFn } from '../../i18n/react.ts';
import { call } from '../../ui/api.ts';
import { toast } from '../../ui/toast.ts';
import { translateNow } from './calls.ts';
import type { FailingView } from './schema.ts';

/**
 * A pair whose translations keep failing (translation/failures.ts), as staff read it: the
 * overview's 'failing' cell and the review screen's notice. Times are the reader's own clock
 * (the browser's time zone): the curator is usually where the museum is, and a time written in
 * another zone would need its name beside it.
 */

/** Hours and minutes, as each language writes them: 09:05, 9 h 05. */
function clockTime(at: Date, lang: Lang): string {
  const parts = new Intl.DateTimeFormat(lang, {
    hour: lang === 'fr' ? 'numeric' : '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(at);
  const hour = parts.find((p) => p.type === 'hour')?.value ?? '';
  const minute = parts.find((p) => p.type === 'minute')?.value ?? '';
  // No-break spaces: "9 h 05" never splits across two lines.
  return lang === 'fr' ? `${hour}\u00a0h\u00a0${minute}` : `${hour}:${minute}`;
}

/** Why the pair fails, in a sentence. */
export const failingReason = (t: TFn, failing: FailingView): string =>
  t(`failing.reason.${failing.reason}`, { count: String(failing.texts) });

/** When it is tried again: a time today, a date and time later, or at the next reading. */
export function nextTry(t: TFn, lang: Lang, failing: FailingView, now = new Date()): string {
  const at = new Date(failing.nextTryAt);
  if (Number.isNaN(at.getTime()) || at.getTime() <= now.getTime()) return t('failing.due');
  const time = clockTime(at, lang);
  if (at.toDateString() === now.toDateString()) return t('failing.nextTry', { time });
  const date = new Intl.DateTimeFormat(lang, { day: 'numeric', month: 'long' }).format(at);
  return t('failing.nextTryOn', { date, time });
}

/**
 * The review screen's notice: why the language keeps failing, when the next automatic try is,
 * and a button that tries again at once (Translate now of this article and language).
 */
export default function FailingNotice(props: {
  t: TFn;
  lang: Lang;
  failing: FailingView;
  articleId: number;
  target: string;
  onStarted: () => void | Promise<void>;
}) {
  const { t, lang, failing, articleId, target, onStarted } = props;
  const [busy, setBusy] = useState(false);
  const retry = async () => {
    setBusy(true);
    try {
      const result = await call(translateNow, { articleId, langs: [target] });
      if (!result.ok) {
        toast.error(t('failing.retryFailed'));
        return;
      }
      toast.success(t('failing.retrying'));
      await onStarted();
    } catch {
      toast.error(t('failing.retryFailed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="review-failing" aria-labelledby="review-failing-title">
      <h2 id="review-failing-title" className="review-failing__title">
        {t('failing.title')}
      </h2>
      <p>
        {t('failing.tries', {
          count: String(failing.failures),
          reason: failingReason(t, failing),
        })}
      </p>
      <p className="review-failing__next">
        <strong>{nextTry(t, lang, failing)}</strong> {t('failing.translateNowHint')}
      </p>
      <button
        type="button"
        className="button button--small"
        disabled={busy}
        onClick={() => void retry()}
      >
        {t('failing.retry')}
      </button>
    </section>
  );
}
