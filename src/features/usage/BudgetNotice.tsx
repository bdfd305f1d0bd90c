import { localePath, type Lang } from '../../i18n/paths.ts';
import { useT } from '../../i18n/react.ts';
import type { BudgetLine } from './service.ts';
import { percentOf, useBudget } from './useBudget.ts';

const KEYS = {
  tokens: { warn: 'budget.warnTokens', reached: 'budget.reachedTokens' },
  speech: { warn: 'budget.warnSpeech', reached: 'budget.reachedSpeech' },
} as const;

/**
 * The dashboard's notice: from 80 % of a budget, how much of which is used; at 100 %, that
 * translation or reading aloud is paused for visitors until next month. Nothing below 80 %.
 */
export default function BudgetNotice({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const budget = useBudget().data;
  if (!budget) return null;
  const number = new Intl.NumberFormat(lang);
  const lines = (['tokens', 'speech'] as const)
    .map((key) => [key, budget[key]] as const)
    .filter((entry): entry is readonly ['tokens' | 'speech', BudgetLine & { budget: number }] => {
      const line = entry[1];
      return line.level !== 'ok' && line.budget !== null;
    });
  if (lines.length === 0) return null;
  const reached = lines.some(([, line]) => line.level === 'reached');
  return (
    <div className={`budget-notice${reached ? ' budget-notice--reached' : ''}`} role="status">
      {lines.map(([key, line]) => (
        <p key={key} className="budget-notice__text">
          {t(line.level === 'reached' ? KEYS[key].reached : KEYS[key].warn, {
            used: number.format(line.used),
            budget: number.format(line.budget),
            percent: percentOf(line),
          })}
        </p>
      ))}
      <p className="budget-notice__text">
        <a href={`${localePath(lang, '/stats')}#engine-usage`}>{t('budget.noticeLink')}</a>
      </p>
    </div>
  );
}
