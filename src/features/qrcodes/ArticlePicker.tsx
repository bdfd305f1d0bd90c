import { useId, useState, type Ref } from 'react';
import type { TFn } from '../../i18n/react.ts';
import { searchKey, type ArticleChoice } from './qrApi.ts';

/** At most this many lines at once: a museum may hold thousands of articles. */
export const MAX_SHOWN = 50;

export type ArticlesLoad =
  | { status: 'loading' }
  | { status: 'ready'; articles: ArticleChoice[] }
  | { status: 'failed' }
  | { status: 'signedOut' };

type Props = {
  t: TFn;
  load: ArticlesLoad;
  /** The chosen article's id, or null. */
  chosen: number | null;
  /** Its title, when the list does not hold it (not loaded yet). */
  chosenTitle: string | null;
  onChoose: (id: number) => void;
  /** 'Choose an article first', after a save with none chosen. */
  error: string | null;
  searchRef: Ref<HTMLInputElement>;
  disabled: boolean;
};

/** The title shown for an article; an untitled one is 'Article {id}' as in the tree. */
export function articleLabel(t: TFn, article: { id: number; unformatted_name: string }): string {
  return article.unformatted_name.trim() || t('tree.untitled', { id: article.id });
}

/**
 * The QR detail's article picker (spec 2): a search box (case-insensitive "contains" on the
 * title, accents ignored) over a list of radio buttons, the chosen article named above the list
 * so it stays visible when the search hides it.
 */
export default function ArticlePicker(props: Props) {
  const { t, load, chosen, chosenTitle, onChoose, error, searchRef, disabled } = props;
  const [query, setQuery] = useState('');
  const id = useId();
  const searchId = `${id}-search`;
  const chosenId = `${id}-chosen`;
  const errorId = `${id}-error`;
  const listId = `${id}-list`;

  const articles = load.status === 'ready' ? load.articles : null;
  const labelled = (articles ?? []).map((article) => {
    const label = articleLabel(t, article);
    return { article, label, key: searchKey(label) };
  });
  const needle = searchKey(query.trim());
  const matches = needle ? labelled.filter((entry) => entry.key.includes(needle)) : labelled;
  const shown = matches.slice(0, MAX_SHOWN);

  const chosenEntry = labelled.find((entry) => entry.article.id === chosen);
  const chosenText = chosenEntry?.label ?? chosenTitle;

  const describedBy = [chosenId, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <fieldset className="qr-picker" aria-describedby={describedBy}>
      <legend className="qr-picker__legend">{t('qrcode.picker')}</legend>
      <p id={chosenId} className="qr-picker__chosen">
        {chosen !== null && chosenText
          ? t('qrcode.chosen', { title: chosenText })
          : t('qrcode.noneChosen')}
      </p>
      {error && (
        <p id={errorId} className="qr-field-error" role="alert">
          {error}
        </p>
      )}
      {load.status === 'loading' && (
        <p className="status-line" role="status">
          {t('qrcode.articlesLoading')}
        </p>
      )}
      {load.status === 'failed' && <p className="muted">{t('qrcode.articlesFailed')}</p>}
      {articles && articles.length === 0 && <p className="muted">{t('qrcode.noArticles')}</p>}
      {articles && articles.length > 0 && (
        <>
          <div className="qr-picker__search">
            <label htmlFor={searchId}>{t('qrcode.search')}</label>
            <input
              id={searchId}
              ref={searchRef}
              type="search"
              autoComplete="off"
              spellCheck={false}
              placeholder={t('qrcode.searchPlaceholder')}
              aria-controls={listId}
              value={query}
              onChange={(event) => setQuery(event.target.value)}
            />
          </div>
          <p className="visually-hidden" role="status">
            {needle ? t('qrcode.results', { count: matches.length }) : ''}
          </p>
          {matches.length === 0 ? (
            <p className="muted">{t('qrcode.noMatch', { query: query.trim() })}</p>
          ) : (
            <ul id={listId} className="qr-picker__list">
              {shown.map(({ article, label }) => (
                <li key={article.id}>
                  <label className="qr-picker__option">
                    <input
                      type="radio"
                      name={`${id}-article`}
                      value={article.id}
                      checked={article.id === chosen}
                      disabled={disabled}
                      onChange={() => onChoose(article.id)}
                    />
                    <span className="qr-picker__title">{label}</span>
                    <span className="qr-picker__name">{article.name}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
          {matches.length > shown.length && (
            <p className="muted qr-picker__capped">
              {t('qrcode.capped', { shown: shown.length, count: matches.length })}
            </p>
          )}
        </>
      )}
    </fieldset>
  );
}
