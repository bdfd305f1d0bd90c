import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import type { TFn } from '../../i18n/react.ts';

export type NewKind = 'article' | 'folder';

type Props = {
  t: TFn;
  busy: boolean;
  /** The name a new folder is offered (selected, so typing replaces it). */
  folderName: () => string;
  /** Makes the item; true when it was made (the field then closes). */
  onCreate: (kind: NewKind, name: string) => Promise<boolean>;
};

/**
 * New article and Add a folder: each asks the name in place, in a labelled field focused at once;
 * Enter (or Create) makes the item, Escape (or Cancel) makes nothing and gives the focus back to
 * the button. Nothing is made before the curator has named it, so no 'Article 3' appears among
 * two articles.
 */
export default function NewItem({ t, busy, folderName, onCreate }: Props) {
  const [asking, setAsking] = useState<NewKind | null>(null);
  const [initial, setInitial] = useState('');
  const buttons = useRef(new Map<NewKind, HTMLButtonElement>());
  const [refocus, setRefocus] = useState<NewKind | null>(null);

  useEffect(() => {
    if (refocus === null) return;
    buttons.current.get(refocus)?.focus();
    setRefocus(null);
  }, [refocus]);

  const open = (kind: NewKind) => {
    setInitial(kind === 'folder' ? folderName() : '');
    setAsking(kind);
  };
  const close = (kind: NewKind) => {
    setAsking(null);
    setRefocus(kind);
  };

  if (asking !== null) {
    return (
      <NameField
        key={asking}
        t={t}
        kind={asking}
        initial={initial}
        busy={busy}
        onCancel={() => close(asking)}
        onConfirm={async (name) => {
          if (await onCreate(asking, name)) setAsking(null);
        }}
      />
    );
  }

  const button = (kind: NewKind, className: string, label: string) => (
    <button
      ref={(element) => {
        if (element) buttons.current.set(kind, element);
        else buttons.current.delete(kind);
      }}
      type="button"
      className={`button ${className}`}
      disabled={busy}
      onClick={() => open(kind)}
    >
      {label}
    </button>
  );
  return (
    <div className="tree__buttons">
      {button('article', 'button--primary', t('tree.newArticle'))}
      {button('folder', 'button--ghost', t('tree.addFolder'))}
    </div>
  );
}

type FieldProps = {
  t: TFn;
  kind: NewKind;
  initial: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (name: string) => Promise<void>;
};

/**
 * The name of the item to make: its label says which, an empty name says what to do. At most
 * 120 characters, as the server takes (schema.ts, kept out of the browser with zod).
 */
function NameField({ t, kind, initial, busy, onCancel, onConfirm }: FieldProps) {
  const id = useId();
  const [value, setValue] = useState(initial);
  const [empty, setEmpty] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Escape' || busy) return;
    event.preventDefault();
    onCancel();
  };

  return (
    <form
      className="tree__new"
      onKeyDown={onKeyDown}
      onSubmit={(event) => {
        event.preventDefault();
        if (busy) return;
        const name = value.trim();
        setEmpty(name === '');
        if (name === '') inputRef.current?.focus();
        else void onConfirm(name);
      }}
    >
      <label htmlFor={id} className="tree__new-label">
        {kind === 'article' ? t('treeNew.articleLabel') : t('treeNew.folderLabel')}
      </label>
      <div className="tree__new-row">
        <input
          ref={inputRef}
          id={id}
          className="tree__input"
          type="text"
          value={value}
          maxLength={120}
          autoComplete="off"
          aria-invalid={empty || undefined}
          aria-describedby={`${id}-hint${empty ? ` ${id}-error` : ''}`}
          readOnly={busy}
          onChange={(event) => {
            setValue(event.target.value);
            if (empty && event.target.value.trim() !== '') setEmpty(false);
          }}
        />
        <button type="submit" className="button button--primary button--small" disabled={busy}>
          {t('treeNew.create')}
        </button>
        <button
          type="button"
          className="button button--ghost button--small"
          disabled={busy}
          onClick={onCancel}
        >
          {t('treeNew.cancel')}
        </button>
      </div>
      <p id={`${id}-hint`} className="tree__new-hint">
        {t('treeNew.hint')}
      </p>
      {empty && (
        <p id={`${id}-error`} className="tree__new-error" role="alert">
          {kind === 'article' ? t('treeNew.articleRequired') : t('treeNew.folderRequired')}
        </p>
      )}
    </form>
  );
}
