import { useId } from 'react';
import type { Lang } from '../../i18n/paths.ts';
import { useT } from '../../i18n/react.ts';
import { readRoute } from '../../ui/api.ts';
import { useServerData } from '../../ui/server-state.ts';
import { useSession } from '../../ui/session.ts';
import { parseRows } from '../stats/chartData.ts';
import StatsChart, { type ChartState } from '../stats/StatsChart.tsx';
import { budgetText } from './BudgetSection.tsx';
import type { EngineUsageAnswer } from './chart.ts';
import type { BudgetState } from './service.ts';

const URL = '/api/stats/engine-usage';

type Usage = Omit<EngineUsageAnswer, 'budget'> & { budget: BudgetState | null };

/** GET /api/stats/engine-usage's answer, its two charts' rows checked, or null. */
function readUsage(body: unknown): Usage | null {
  const answer = body as Partial<EngineUsageAnswer> | null;
  const tokens = parseRows(answer?.tokens);
  const speech = parseRows(answer?.speech);
  return tokens && speech ? { tokens, speech, budget: answer?.budget ?? null } : null;
}

const usageRoute = (lang: Lang) => readRoute(`${URL}?lang=${lang}`, readUsage);

const LOADING: ChartState = { status: 'loading' };
/** As the other charts: a failure shows 'No data to display'. */
const EMPTY: ChartState = { status: 'done', rows: [] };

/**
 * Statistics' engine usage: tokens and characters read aloud per day this month (two charts,
 * as the others: their states, a hidden table, a CSV), and the month's totals against the
 * budgets. Its own island below the other charts.
 */
export default function EngineUsage({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const id = useId();
  const session = useSession();
  const signedIn = session.status === 'in';
  const load = useServerData(signedIn ? usageRoute(lang) : null);

  if (!signedIn) return null;
  const csvHref = `${URL}?lang=${lang}&format=csv`;
  const budget = load.data?.budget ?? null;
  const chart = (rows: 'tokens' | 'speech'): ChartState =>
    load.status === 'loading'
      ? LOADING
      : load.data
        ? { status: 'done', rows: load.data[rows] }
        : EMPTY;

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
        state={chart('tokens')}
        csvHref={csvHref}
        legend
      />
      <StatsChart
        t={t}
        caption={t('budget.usageSpeech')}
        yLabel={t('budget.speechAxis')}
        state={chart('speech')}
        csvHref={csvHref}
      />
    </section>
  );
}
