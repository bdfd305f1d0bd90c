import type { InputHTMLAttributes, Ref } from 'react';

type Props = Omit<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange'> & {
  inputRef: Ref<HTMLInputElement>;
  query: string;
  setQuery: (query: string) => void;
  /** The id of the list the search filters, while it shows any line. */
  controls: string | undefined;
};

/** A search box over a list: no autocomplete or spell check, tied to the list it filters. */
export default function SearchInput({ inputRef, query, setQuery, controls, ...rest }: Props) {
  return (
    <input
      {...rest}
      ref={inputRef}
      type="search"
      autoComplete="off"
      spellCheck={false}
      aria-controls={controls}
      value={query}
      onChange={(event) => setQuery(event.target.value)}
    />
  );
}
