import { useEffect, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import type { TFn } from '../../i18n/react.ts';
import { useDismiss } from '../../ui/useDismiss.ts';
import type { TreeItem } from './schema.ts';
import type { PublicationMark } from './screen.ts';
import { publicTitleBeside } from '../articles/label.ts';

export type MenuOrigin = { x: number; y: number; returnFocus: HTMLElement | null };

type Props = {
  t: TFn;
  item: TreeItem;
  /** Shown name: the name, or 'Article {id}' for an untitled article. */
  label: string;
  href: string;
  /** 'Not published', 'Scheduled…', 'Draft': shown under the name, outside its link. */
  marks: PublicationMark[];
  renaming: boolean;
  menuOpen: boolean;
  linkRef: (element: HTMLAnchorElement | null) => void;
  onOpenMenu: (origin: MenuOrigin) => void;
  onRename: (newName: string) => void;
  onCancelRename: () => void;
};

function FolderIcon() {
  return (
    <path d="M3 6.5A1.5 1.5 0 0 1 4.5 5h4.2l2 2h8.8A1.5 1.5 0 0 1 21 8.5v9a1.5 1.5 0 0 1-1.5 1.5h-15A1.5 1.5 0 0 1 3 17.5z" />
  );
}

function ArticleIcon() {
  return (
    <>
      <path d="M6 3.5h8l4 4v13H6z" />
      <path d="M9 12h6M9 15.5h6M9 8.5h3" />
    </>
  );
}

/** One line of the tree: the item's link and its actions, or the inline rename box. */
export default function TreeLine(props: Props) {
  const { t, item, label, href, renaming, menuOpen, linkRef, onOpenMenu } = props;

  const openFromElement = (element: HTMLElement) => {
    const rect = element.getBoundingClientRect();
    onOpenMenu({ x: rect.left, y: rect.bottom + 4, returnFocus: element });
  };

  const onContextMenu = (event: MouseEvent<HTMLElement>) => {
    event.preventDefault();
    // A keyboard-made contextmenu event has no pointer position: place it under the line.
    if (event.clientX === 0 && event.clientY === 0) {
      openFromElement(event.currentTarget);
      return;
    }
    const target = event.currentTarget.querySelector<HTMLElement>('.tree__link');
    onOpenMenu({ x: event.clientX, y: event.clientY, returnFocus: target });
  };

  const onLinkKey = (event: KeyboardEvent<HTMLAnchorElement>) => {
    if (event.key === 'ContextMenu' || (event.key === 'F10' && event.shiftKey)) {
      event.preventDefault();
      openFromElement(event.currentTarget);
    }
  };

  const typeLabel = item.type === 'folder' ? t('tree.folder') : t('tree.article');
  const beside =
    item.type === 'article'
      ? publicTitleBeside({ id: item.id, title: item.name, publicTitle: item.publicTitle })
      : undefined;
  return (
    <li
      className={`tree__line tree__line--${item.type}`}
      onContextMenu={renaming ? undefined : onContextMenu}
    >
      <svg
        className="tree__icon"
        role="img"
        aria-label={typeLabel}
        viewBox="0 0 24 24"
        width="22"
        height="22"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
        strokeLinejoin="round"
        strokeLinecap="round"
        focusable="false"
      >
        <title>{typeLabel}</title>
        {item.type === 'folder' ? <FolderIcon /> : <ArticleIcon />}
      </svg>
      {renaming ? (
        <RenameBox
          t={t}
          initial={item.name}
          label={label}
          onRename={props.onRename}
          onCancel={props.onCancelRename}
        />
      ) : (
        <>
          <div className="tree__main">
            <a ref={linkRef} className="tree__link" href={href} onKeyDown={onLinkKey}>
              {label}
              {beside !== undefined && <span className="article-public-title">{beside}</span>}
            </a>
            {props.marks.length > 0 && <Marks marks={props.marks} />}
          </div>
          <button
            type="button"
            className="tree__actions"
            aria-label={t('tree.actions', { name: label })}
            aria-haspopup="menu"
            aria-expanded={menuOpen}
            onClick={(event) => openFromElement(event.currentTarget)}
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" focusable="false">
              <circle cx="12" cy="5" r="1.8" fill="currentColor" />
              <circle cx="12" cy="12" r="1.8" fill="currentColor" />
              <circle cx="12" cy="19" r="1.8" fill="currentColor" />
            </svg>
          </button>
        </>
      )}
    </li>
  );
}

/** The article's publication marks, each a word (its whole sentence for screen readers). */
function Marks({ marks }: { marks: PublicationMark[] }) {
  return (
    <span className="tree__marks">
      {marks.map((mark) => (
        <span key={mark.kind} className={`tree__mark tree__mark--${mark.kind}`} title={mark.title}>
          {mark.title === undefined ? (
            mark.text
          ) : (
            <>
              <span aria-hidden="true">{mark.text}</span>
              <span className="visually-hidden">{mark.title}</span>
            </>
          )}
        </span>
      ))}
    </span>
  );
}

type RenameProps = {
  t: TFn;
  initial: string;
  label: string;
  onRename: (newName: string) => void;
  onCancel: () => void;
};

/** Inline rename: Enter or the button confirms; Escape or a click away cancels. */
function RenameBox({ t, initial, label, onRename, onCancel }: RenameProps) {
  const [value, setValue] = useState(initial);
  const formRef = useRef<HTMLFormElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    inputRef.current?.focus();
    inputRef.current?.select();
  }, []);

  useDismiss(true, formRef, () => onCancel());

  return (
    <form
      ref={formRef}
      className="tree__rename"
      onSubmit={(event) => {
        event.preventDefault();
        onRename(value);
      }}
      onBlur={(event) => {
        // Tabbing out of the box is a click away too.
        const next = event.relatedTarget as Node | null;
        if (next && !event.currentTarget.contains(next)) onCancel();
      }}
    >
      <input
        ref={inputRef}
        className="tree__input"
        type="text"
        value={value}
        maxLength={120}
        aria-label={t('tree.renameLabel', { name: label })}
        onChange={(event) => setValue(event.target.value)}
      />
      <button type="submit" className="button button--primary button--small">
        {t('tree.confirmRename')}
      </button>
    </form>
  );
}
