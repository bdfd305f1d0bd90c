import { articleLabel as staffLabel } from '../articles/label.ts';
import { useId, useState, type ReactNode, type Ref } from 'react';
import type { TFn } from '../../i18n/react.ts';
import SearchInput from '../../ui/SearchInput.tsx';
import { isSignedOut, type Loaded } from '../../ui/server-state.ts';
import { searchKey, type CircuitChoice } from './qrApi.ts';
import type { ArticleChoice } from '../articles/article-list.ts';

/** At most this many lines at once: a museum may hold thousands of articles. */
export const MAX_SHOWN = 50;

export type ArticlesLoad = Loaded<ArticleChoice[]>;

/** A list's state as the picker shows it; signed out: nothing (Protected sends to sign-in). */
const statusOf = (load: Loaded<unknown>): PickerProps['status'] =>
  load.data ? 'ready' : isSignedOut(load) ? 'signedOut' : load.status;

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

/** An article as the QR screens name it: as every staff screen does (articles/label.ts). */
export function articleLabel(article: {
  id: number;
  unformatted_name: string;
  public_title?: string | undefined;
}): string {
  return staffLabel({
    id: article.id,
    title: article.unformatted_name,
    publicTitle: article.public_title,
  });
}

/** What the picker shows of one choice: an article or a circuit. */
type Choice = { id: number; label: string; detail: string };

/** The words of one picker, in the interface's language. */
type Words = {
  legend: string;
  search: string;
  chosen: (title: string) => string;
  noneChosen: string;
  loading: string;
  failed: string;
  none: ReactNode;
  noMatch: (query: string) => string;
  capped: (shown: number, count: number) => string;
  results: (count: number) => string;
};

type PickerProps = Omit<Props, 'load'> & {
  status: 'loading' | 'ready' | 'failed' | 'signedOut';
  choices: Choice[] | null;
  words: Words;
};

/**
 * A search box (case-insensitive "contains" on the title, accents ignored) over a list of radio
 * buttons, the chosen one named above the list so it stays visible when the search hides it.
 */
function SearchPicker(props: PickerProps) {
  const { t, status, choices, words, chosen, chosenTitle, onChoose, error, searchRef } = props;
  const [query, setQuery] = useState('');
  const id = useId();
  const searchId = `${id}-search`;
  const chosenId = `${id}-chosen`;
  const errorId = `${id}-error`;
  const listId = `${id}-list`;

  const labelled = (choices ?? []).map((choice) => ({ choice, key: searchKey(choice.label) }));
  const needle = searchKey(query.trim());
  const matches = needle ? labelled.filter((entry) => entry.key.includes(needle)) : labelled;
  const shown = matches.slice(0, MAX_SHOWN);

  const chosenEntry = labelled.find((entry) => entry.choice.id === chosen);
  const chosenText = chosenEntry?.choice.label ?? chosenTitle;

  const describedBy = [chosenId, error ? errorId : null].filter(Boolean).join(' ');

  return (
    <fieldset className="qr-picker" aria-describedby={describedBy}>
      <legend className="qr-picker__legend">{words.legend}</legend>
      <p id={chosenId} className="qr-picker__chosen">
        {chosen !== null && chosenText ? words.chosen(chosenText) : words.noneChosen}
      </p>
      {error && (
        <p id={errorId} className="qr-field-error" role="alert">
          {error}
        </p>
      )}
      {status === 'loading' && (
        <p className="status-line" role="status">
          {words.loading}
        </p>
      )}
      {status === 'failed' && <p className="muted">{words.failed}</p>}
      {choices && choices.length === 0 && <p className="muted">{words.none}</p>}
      {choices && choices.length > 0 && (
        <>
          <div className="qr-picker__search">
            <label htmlFor={searchId}>{words.search}</label>
            <SearchInput
              id={searchId}
              inputRef={searchRef}
              placeholder={t('qrcode.searchPlaceholder')}
              controls={shown.length > 0 ? listId : undefined}
              query={query}
              setQuery={setQuery}
            />
          </div>
          <p className="visually-hidden" role="status">
            {needle ? words.results(matches.length) : ''}
          </p>
          {matches.length === 0 ? (
            <p className="muted">{words.noMatch(query.trim())}</p>
          ) : (
            <ul id={listId} className="qr-picker__list">
              {shown.map(({ choice }) => (
                <li key={choice.id}>
                  <label className="qr-picker__option">
                    <input
                      type="radio"
                      name={`${id}-choice`}
                      value={choice.id}
                      checked={choice.id === chosen}
                      disabled={props.disabled}
                      onChange={() => onChoose(choice.id)}
                    />
                    <span className="qr-picker__title">{choice.label}</span>
                    <span className="qr-picker__name">{choice.detail}</span>
                  </label>
                </li>
              ))}
            </ul>
          )}
          {matches.length > shown.length && (
            <p className="muted qr-picker__capped">{words.capped(shown.length, matches.length)}</p>
          )}
        </>
      )}
    </fieldset>
  );
}

/** A picker over a loaded list: `toChoice` says what it shows of each item. */
function LoadedPicker<Item>(
  props: Omit<PickerProps, 'status' | 'choices' | 'words'> & {
    load: Loaded<Item[]>;
    toChoice: (item: Item) => Choice;
    words: Omit<Words, 'chosen'>;
  },
) {
  const { t, load, toChoice, words } = props;
  return (
    <SearchPicker
      {...props}
      status={statusOf(load)}
      choices={load.data ? load.data.map(toChoice) : null}
      words={{ ...words, chosen: (title) => t('qrcode.chosen', { title }) }}
    />
  );
}

/** The QR detail's article picker. */
export default function ArticlePicker(props: Props) {
  const { t } = props;
  return (
    <LoadedPicker
      {...props}
      toChoice={(article) => ({
        id: article.id,
        label: articleLabel(article),
        detail: article.name,
      })}
      words={{
        legend: t('qrcode.picker'),
        search: t('qrcode.search'),
        noneChosen: t('qrcode.noneChosen'),
        loading: t('qrcode.articlesLoading'),
        failed: t('qrcode.articlesFailed'),
        none: t('qrcode.noArticles'),
        noMatch: (query) => t('qrcode.noMatch', { query }),
        capped: (shown, count) => t('qrcode.capped', { shown, count }),
        results: (count) => t('qrcode.results', { count }),
      }}
    />
  );
}

export type CircuitsLoad = Loaded<CircuitChoice[]>;

/** The QR detail's circuit picker: the same search over the museum's circuits. */
export function CircuitPicker(
  props: Omit<Props, 'load'> & { load: CircuitsLoad; circuitsHref: string },
) {
  const { t } = props;
  return (
    <LoadedPicker
      {...props}
      toChoice={(circuit) => ({ id: circuit.id, label: circuit.title, detail: circuit.name })}
      words={{
        legend: t('qrcode.circuitPicker'),
        search: t('qrcode.circuitSearch'),
        noneChosen: t('qrcode.noCircuitChosen'),
        loading: t('qrcode.circuitsLoading'),
        failed: t('qrcode.circuitsFailed'),
        none: (
          <>
            {t('qrcode.noCircuits')} <a href={props.circuitsHref}>{t('qrcode.circuitsLink')}</a>
          </>
        ),
        noMatch: (query) => t('qrcode.noCircuitMatch', { query }),
        capped: (shown, count) => t('qrcode.circuitsCapped', { shown, count }),
        results: (count) => t('qrcode.circuitResults', { count }),
      }}
    />
  );
}
