import { useId } from 'react';
import { localePath, type Lang } from '../../i18n/paths.ts';
import { useT, type TFn } from '../../i18n/react.ts';
import { useSession } from '../../ui/session.ts';
import type { BudgetLine } from './service.ts';
import { percentOf, useBudget } from './useBudget.ts';

/** One budget's line: this month's use against it, or that there is none. */
export function budgetText(t: TFn, lang: Lang, line: BudgetLine): string {
  const number = new Intl.NumberFormat(lang);
  if (line.budget === null) return t('budget.noBudget', { used: number.format(line.used) });
  return t('budget.usedOf', {
    used: number.format(line.used),
    budget: number.format(line.budget),
    percent: percentOf(line),
  });
}

/**
 * Settings' engine budget, read-only (the Legenda team sets it with `npm run users -- budget`):
 * this month's use of each budget, or that none is set. Its own island beside the form.
 */
export default function BudgetSection({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const id = useId();
  const session = useSession();
  const load = useBudget();
  if (session.status !== 'in') return null;
  const lines = load.data && [
    ['tokens', load.data.tokens] as const,
    ['speech', load.data.speech] as const,
  ];
  return (
    <section className="settings budget-section card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('budget.title')}</h2>
      <p className="settings-form__hint">{t('budget.intro')}</p>
      {load.status === 'loading' && (
        <p className="status-line" role="status">
          {t('common.loading')}
        </p>
      )}
      {load.status === 'failed' && <p className="settings__error">{t('budget.loadFailed')}</p>}
      {lines && (
        <dl className="budget-section__list">
          {lines.map(([key, line]) => (
            <div key={key} className="budget-section__item">
              <dt>{t(key === 'tokens' ? 'budget.tokens' : 'budget.speech')}</dt>
              <dd>
                {budgetText(t, lang, line)}
                {line.budget !== null && (
                  <meter
                    className="budget-section__meter"
                    min={0}
                    max={line.budget}
                    low={line.budget * 0.8}
                    high={line.budget * 0.99}
                    optimum={0}
                    value={Math.min(line.used, line.budget)}
                    aria-hidden="true"
                  />
                )}
              </dd>
            </div>
          ))}
        </dl>
      )}
      <p className="settings-form__hint">
        {t('budget.hint')} <a href={localePath(lang, '/contact')}>{t('budget.hintLink')}</a>
      </p>
    </section>
  );
}
