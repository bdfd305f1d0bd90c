import type { TFn } from '../../i18n/react.ts';
import type { GlossaryEntry } from './schema.ts';

/** One entry of the list: the term, its note and preferred translations, Edit and Delete. */
export default function TermItem(props: {
  t: TFn;
  entry: GlossaryEntry;
  labelOf: (code: string) => string;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t, entry, labelOf, busy } = props;
  const translations = Object.entries(entry.translations);
  return (
    <li className="glossary-item">
      <div className="glossary-item__text">
        <p className="glossary-item__term">
          <strong>{entry.term}</strong>
          {entry.doNotTranslate && <span className="glossary-badge">{t('glossary.keep')}</span>}
        </p>
        {entry.note && <p className="glossary-item__note">{entry.note}</p>}
        {translations.length > 0 && (
          <dl className="glossary-item__translations">
            {translations.map(([code, text]) => (
              <div key={code}>
                <dt>{labelOf(code)}</dt>
                <dd lang={code}>{text}</dd>
              </div>
            ))}
          </dl>
        )}
      </div>
      <div className="glossary-item__actions">
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={busy}
          aria-label={t('glossary.editTerm', { term: entry.term })}
          onClick={props.onEdit}
        >
          {t('glossary.edit')}
        </button>
        <button
          type="button"
          className="button button--quiet-danger button--small"
          disabled={busy}
          aria-label={t('glossary.deleteTerm', { term: entry.term })}
          onClick={props.onDelete}
        >
          {t('glossary.delete')}
        </button>
      </div>
    </li>
  );
}
