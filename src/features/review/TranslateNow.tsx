import { articleLabel } from '../articles/label.ts';
import { useEffect, useId, useRef, useState } from 'react';
import type { Lang } from '../../i18n/paths.ts';
import type { TFn } from '../../i18n/react.ts';
import { call } from '../../ui/api.ts';
import { apiErrorMessage } from '../../ui/apiErrors.ts';
import LanguagePicker, { type LanguageOption } from '../../ui/LanguagePicker.tsx';
import { useServerData } from '../../ui/server-state.ts';
import { toast } from '../../ui/toast.ts';
import { estimateRoute, progressRoute, translateNow } from './calls.ts';
import type { PrepareProgress } from './prepare.ts';

type Props = {
  t: TFn;
  lang: Lang;
  languages: readonly LanguageOption[];
  /** Under the languages: why some are not listed (the museum offers only some). */
  languagesHint?: string | undefined;
  articles: readonly { articleId: number; title: string; publicTitle?: string | undefined }[];
  /** Told while the work goes on and when it ends: the overview reads its counts again. */
  onProgress: () => void;
};

type Estimate =
  | { status: 'idle' }
  | { status: 'loading' }
  | { status: 'ready'; segments: number; tokens: number; batches: number }
  | { status: 'failed' };

const POLL_MS = 1_500;

/** `value`, once it has not changed for `ms`; null until then. */
function useRested(value: string | null, ms: number): string | null {
  const [rested, setRested] = useState<string | null>(null);
  useEffect(() => {
    const timer = window.setTimeout(() => setRested(value), ms);
    return () => window.clearTimeout(timer);
  }, [value, ms]);
  return rested;
}

/**
 * Translate now: languages and articles chosen, the translator's estimate
 * shown before anything starts, then the work done in the background with its progress.
 */
export default function TranslateNow(props: Props) {
  const { t, lang, languages, languagesHint, articles, onProgress } = props;
  const id = useId();
  const [langs, setLangs] = useState<string[]>([]);
  const [scope, setScope] = useState('');
  /** What the work holds: pairs waiting, and the most seen waiting since it began (the bar). */
  const [progress, setProgress] = useState<{ waiting: number; total: number } | null>(null);
  /** Raised when work ends: the estimate is asked again (what was missing is translated). */
  const [round, setRound] = useState(0);
  const track = (answer: PrepareProgress) => {
    if (!answer.running) setRound((n) => n + 1);
    setProgress((before) =>
      answer.running || before
        ? {
            waiting: answer.waiting,
            total: Math.max(answer.waiting, before && before.waiting > 0 ? before.total : 0),
          }
        : null,
    );
  };
  const [starting, setStarting] = useState(false);
  /** Why the last Translate now was refused, kept on the screen (the month's budget reached). */
  const [refusal, setRefusal] = useState<string | null>(null);
  const polling = useRef<number | undefined>(undefined);
  const number = new Intl.NumberFormat(lang);
  const articleId = scope === '' ? undefined : Number(scope);

  // The estimate follows the choice, asked once the choice has rested a moment; an answer for
  // an older choice is another call's, never shown.
  const wanted = langs.length === 0 ? null : estimateRoute(langs, articleId);
  const rested = useRested(wanted?.path ?? null, 250);
  const asked = useServerData(wanted && rested === wanted.path ? wanted : null, round);
  const estimate: Estimate =
    langs.length === 0
      ? { status: 'idle' }
      : asked.status === 'loading'
        ? { status: 'loading' }
        : asked.data
          ? { status: 'ready', ...asked.data }
          : { status: 'failed' };

  const poll = () => {
    window.clearTimeout(polling.current);
    polling.current = window.setTimeout(() => {
      void call(progressRoute)
        .then((result) => {
          if (!result.answer) return;
          track(result.answer);
          onProgress();
          if (result.answer.running) poll();
        })
        .catch(() => poll());
    }, POLL_MS);
  };

  // Work started earlier (another tab, a reload) shows its progress too.
  useEffect(() => {
    void call(progressRoute)
      .then((result) => {
        if (result.answer?.running) {
          track(result.answer);
          poll();
        }
      })
      .catch(() => {});
    return () => window.clearTimeout(polling.current);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);

  const start = async () => {
    if (starting || langs.length === 0) return;
    setStarting(true);
    setRefusal(null);
    try {
      const result = await call(translateNow, {
        langs,
        ...(articleId !== undefined && { articleId }),
      });
      if (result.answer) {
        track(result.answer);
        toast.success(t('prepare.started'));
        poll();
      } else if (result.status === 503) toast.error(t('prepare.noEngine'));
      // A language the museum no longer offers, and the like: said in the user's language.
      else if (result.status === 422) toast.error(apiErrorMessage(t, result));
      else if (result.status === 429) {
        const message = apiErrorMessage(t, result);
        setRefusal(message);
        toast.error(message);
      } else toast.error(t('prepare.failed'));
    } catch {
      toast.error(t('common.networkError'));
    } finally {
      setStarting(false);
    }
  };

  return (
    <section className="prepare card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('prepare.title')}</h2>
      <p className="muted">{t('prepare.intro')}</p>
      <div className="prepare__fields">
        <LanguagePicker
          label={t('prepare.languages')}
          hint={languagesHint}
          addLabel={t('settings.addLanguage')}
          removeLabel={(name) => t('settings.removeLanguage', { language: name })}
          options={languages}
          value={langs}
          onChange={setLangs}
        />
        <div className="prepare__scope">
          <label htmlFor={`${id}-scope`}>{t('prepare.scope')}</label>
          <select id={`${id}-scope`} value={scope} onChange={(e) => setScope(e.target.value)}>
            <option value="">{t('prepare.all', { count: String(articles.length) })}</option>
            {articles.map((a) => (
              <option key={a.articleId} value={String(a.articleId)}>
                {articleLabel({ id: a.articleId, title: a.title, publicTitle: a.publicTitle })}
              </option>
            ))}
          </select>
        </div>
      </div>
      <p className="prepare__estimate" aria-live="polite">
        {estimate.status === 'loading' && t('prepare.estimating')}
        {estimate.status === 'failed' && t('prepare.estimateFailed')}
        {estimate.status === 'ready' &&
          (estimate.segments === 0
            ? t('prepare.nothingToDo')
            : t('prepare.estimate', {
                segments: number.format(estimate.segments),
                tokens: number.format(estimate.tokens),
                batches: number.format(estimate.batches),
              }))}
      </p>
      <button
        type="button"
        className="button button--primary"
        disabled={langs.length === 0 || starting}
        aria-busy={starting}
        onClick={() => void start()}
      >
        {t('prepare.start')}
      </button>
      {refusal && (
        <p className="prepare__refusal" role="alert">
          {refusal}
        </p>
      )}
      {progress && progress.total > 0 && (
        <div className="prepare__progress" role="status">
          <progress max={progress.total} value={progress.total - progress.waiting} />
          <p>
            {progress.waiting > 0
              ? t('prepare.progress', {
                  done: number.format(progress.total - progress.waiting),
                  total: number.format(progress.total),
                })
              : t('prepare.finished', { total: number.format(progress.total) })}
          </p>
        </div>
      )}
    </section>
  );
}
