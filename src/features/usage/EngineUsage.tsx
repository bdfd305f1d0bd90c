import { useEffect, useId, useState } from 'react';
import type { Lang } from '../../i18n/index.ts';
import { useT } from '../../i18n/react.ts';
import { api } from '../../ui/api.ts';
import { useSession } from '../../ui/session.ts';
import { parseRows } from '../stats/chartData.ts';
import StatsChart, { type ChartState } from '../stats/StatsChart.tsx';
import { budgetText } from './BudgetSection.tsx';
import type { EngineUsageAnswer } from './chart.ts';
import type { BudgetState } from './service.ts';

type Load =
  | { status: 'loading' }
  | { status: 'done'; tokens: ChartState; speech: ChartState; budget: BudgetState | null };

const EMPTY: Load = {
  status: 'done',
  tokens: { status: 'done', rows: [] },
  speech: { status: 'done', rows: [] },
  budget: null,
};

const URL = '/api/stats/engine-usage';

/**
 * Statistics' engine usage: tokens and characters read aloud per day this month (two charts,
 * as the others: their states, a hidden table, a CSV), and the month's totals against the
 * budgets. Its own island below the other charts.
 */
export default function EngineUsage({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const id = useId();
  const session = useSession();
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const signedIn = session.status === 'in';

  useEffect(() => {
    if (!signedIn) return;
    const controller = new AbortController();
    api<EngineUsageAnswer>(`${URL}?lang=${lang}`, { signal: controller.signal })
      .then((result) => {
        if (controller.signal.aborted) return;
        const tokens = result.ok ? parseRows(result.body?.tokens) : null;
        const speech = result.ok ? parseRows(result.body?.speech) : null;
        if (!tokens || !speech) {
          // As the other charts: a failure shows 'No data to display'.
          if (result.status !== 500)
            console.error('Loading the engine usage failed', result.status);
          setLoad(EMPTY);
          return;
        }
        setLoad({
          status: 'done',
          tokens: { status: 'done', rows: tokens },
          speech: { status: 'done', rows: speech },
          budget: result.body?.budget ?? null,
        });
      })
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        console.error('Loading the engine usage failed', error);
        setLoad(EMPTY);
      });
    return () => controller.abort();
  }, [signedIn, lang]);

  if (!signedIn) return null;
  const loading: ChartState = { status: 'loading' };
  const csvHref = `${URL}?lang=${lang}&format=csv`;
  const budget = load.status === 'done' ? load.budget : null;

  return (
    <section className="stats engine-usage" id="engine-usage" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="engine-usage__title">
        {t('budget.usageTitle')}
      </h2>
      <p className="muted">{t('budget.usageIntro')}</p>
      {budget && (
        <dl className="engine-usage__totals">
          <div>
            <dt>{t('budget.tokens')}</dt>
            <dd>{budgetText(t, lang, budget.tokens)}</dd>
          </div>
          <div>
            <dt>{t('budget.speech')}</dt>
            <dd>{budgetText(t, lang, budget.speech)}</dd>
          </div>
        </dl>
      )}
      <StatsChart
        t={t}
        caption={t('budget.usageTokens')}
        note={t('budget.usageTokensNote')}
        yLabel={t('budget.tokensAxis')}
        state={load.status === 'done' ? load.tokens : loading}
        csvHref={csvHref}
        legend
      />
      <StatsChart
        t={t}
        caption={t('budget.usageSpeech')}
        yLabel={t('budget.speechAxis')}
        state={load.status === 'done' ? load.speech : loading}
        csvHref={csvHref}
      />
    </section>
  );
}
