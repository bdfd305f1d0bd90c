import { articleLabel } from '../articles/label.ts';
import { useEffect, useId, useRef, useState, type RefObject } from 'react';
import type { TFn } from '../../i18n/react.ts';
import SearchInput from '../../ui/SearchInput.tsx';
import type { Loaded } from '../../ui/server-state.ts';
import { searchKey, type ArticleOption } from './draft.ts';

/** At most this many lines at once: a museum may hold thousands of articles (as the QR picker). */
export const MAX_SHOWN = 50;

export type ArticlesLoad = Loaded<ArticleOption[]>;

/** An article as the circuits screen names it: as every staff screen does (articles/label.ts). */
export function articleTitle(article: ArticleOption): string {
  return articleLabel({
    id: article.id,
    title: article.unformatted_name,
    publicTitle: article.public_title,
  });
}

type Props = {
  t: TFn;
  load: ArticlesLoad;
  /** The circuit's stops: an article already in it is not offered again. */
  taken: readonly number[];
  onAdd: (article: ArticleOption) => void;
  searchRef: RefObject<HTMLInputElement | null>;
  disabled: boolean;
};

/**
 * 'Add an article': a search box (case-insensitive "contains" on the title or the public name,
 * accents ignored, as the QR detail's picker) over the museum's articles not yet in the
 * circuit, each with its Add button. The stop joins the end of the list.
 */
export default function ArticleAdder({ t, load, taken, onAdd, searchRef, disabled }: Props) {
  const [query, setQuery] = useState('');
  const id = useId();
  const addButtons = useRef(new Map<number, HTMLButtonElement>());
  /** After an add, the button now at the same place takes focus (or the search box). */
  const pendingFocus = useRef<number | null>(null);

  const inCircuit = new Set(taken);
  const articles = load.data ?? null;
  const offered = (articles ?? [])
    .filter((article) => !inCircuit.has(article.id))
    .map((article) => {
      const title = articleTitle(article);
      return { article, title, key: `${searchKey(title)}\n${searchKey(article.name)}` };
    });
  const needle = searchKey(query.trim());
  const matches = needle ? offered.filter((entry) => entry.key.includes(needle)) : offered;
  const shown = matches.slice(0, MAX_SHOWN);

  useEffect(() => {
    const index = pendingFocus.current;
    if (index === null) return;
    pendingFocus.current = null;
    const next = shown[Math.min(index, shown.length - 1)];
    const target = next && addButtons.current.get(next.article.id);
    if (target) target.focus();
    else searchRef.current?.focus();
  });

  const searchId = `${id}-search`;
  const listId = `${id}-list`;
  const hintId = `${id}-hint`;

  return (
    <div className="circuit-adder">
      <div className="circuit-adder__search">
        <label htmlFor={searchId}>{t('circuits.search')}</label>
        <SearchInput
          id={searchId}
          inputRef={searchRef}
          placeholder={t('circuits.searchPlaceholder')}
          controls={shown.length > 0 ? listId : undefined}
          aria-describedby={hintId}
          query={query}
          setQuery={setQuery}
          disabled={!load.data}
          onKeyDown={(event) => {
            // Enter adds the first match instead of sending the form.
            if (event.key !== 'Enter') return;
            event.preventDefault();
            const first = shown[0];
            if (first && needle && !disabled) onAdd(first.article);
          }}
        />
        <p id={hintId} className="circuit-form__hint">
          {t('circuits.searchHint')}
        </p>
      </div>
      {load.status === 'loading' && (
        <p className="status-line" role="status">
          {t('circuits.articlesLoading')}
        </p>
      )}
      {load.status === 'failed' && !load.data && (
        <p className="muted" role="alert">
          {t('circuits.articlesFailed')}
        </p>
      )}
      {articles && (
        <>
          <p className="visually-hidden" role="status">
            {needle ? t('circuits.results', { count: matches.length }) : ''}
          </p>
          {articles.length === 0 ? (
            <p className="muted">{t('circuits.noArticles')}</p>
          ) : offered.length === 0 ? (
            <p className="muted">{t('circuits.allTaken')}</p>
          ) : matches.length === 0 ? (
            <p className="muted">{t('circuits.noMatch', { query: query.trim() })}</p>
          ) : (
            <ul id={listId} className="circuit-adder__list" aria-label={t('circuits.offered')}>
              {shown.map(({ article, title }, index) => (
                <li key={article.id} className="circuit-adder__option">
                  <span className="circuit-adder__text">
                    <span className="circuit-adder__title">{title}</span>
                    <span className="circuit-adder__name">{article.name}</span>
                  </span>
                  <button
                    type="button"
                    className="button button--ghost button--small"
                    ref={(element) => {
                      if (element) addButtons.current.set(article.id, element);
                      else addButtons.current.delete(article.id);
                    }}
                    disabled={disabled}
                    aria-label={t('circuits.addStop', { title })}
                    onClick={() => {
                      pendingFocus.current = index;
                      onAdd(article);
                    }}
                  >
                    {t('circuits.add')}
                  </button>
                </li>
              ))}
            </ul>
          )}
          {matches.length > shown.length && (
            <p className="muted circuit-adder__capped">
              {t('circuits.capped', { shown: shown.length, count: matches.length })}
            </p>
          )}
        </>
      )}
    </div>
  );
}
