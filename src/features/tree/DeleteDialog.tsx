import { useEffect, useState } from 'react';
import type { Lang } from '../../i18n/paths.ts';
import type { TFn } from '../../i18n/react.ts';
import ConfirmDialog from '../../ui/ConfirmDialog.tsx';
import { fetchData } from '../../ui/server-state.ts';
import { freedCodesRoute } from './calls.ts';
import { countArticles } from './names.ts';
import type { TreeItem } from './schema.ts';

type Props = {
  t: TFn;
  lang: Lang;
  item: TreeItem;
  /** The line's shown name (an untitled article shows its id). */
  name: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** At most this many codes are named; the rest are counted ('and 12 more'). */
const NAMED_CODES = 10;

/** The QR codes the deletion would free, asked of the server when the dialog opens. */
type Freed = { status: 'checking' } | { status: 'failed' } | { status: 'done'; codes: string[] };

function useFreedCodes(item: TreeItem): Freed {
  const [freed, setFreed] = useState<Freed>({ status: 'checking' });
  useEffect(() => {
    const controller = new AbortController();
    void fetchData(freedCodesRoute(item), controller.signal).then((result) => {
      if (controller.signal.aborted) return;
      setFreed(result.data ? { status: 'done', codes: result.data.codes } : { status: 'failed' });
    });
    return () => controller.abort();
  }, [item]);
  return freed;
}

/** 'A, B and C' in the interface's language, each name quoted; past ten, how many more. */
function codeNames(t: TFn, lang: Lang, codes: string[]): string {
  const quoted = codes.slice(0, NAMED_CODES).map((code) => t('treeCodes.quoted', { text: code }));
  if (codes.length > NAMED_CODES) {
    quoted.push(t('treeCodes.more', { count: String(codes.length - NAMED_CODES) }));
  }
  return new Intl.ListFormat(lang, { type: 'conjunction' }).format(quoted);
}

/** What the deletion does to the QR codes: nothing said when no code leads to it. */
function FreedCodes({ t, lang, freed }: { t: TFn; lang: Lang; freed: Freed }) {
  if (freed.status === 'checking') return <p className="muted">{t('treeCodes.checking')}</p>;
  if (freed.status === 'failed') return <p className="muted">{t('treeCodes.failed')}</p>;
  const { codes } = freed;
  if (codes.length === 0) return null;
  const names = codeNames(t, lang, codes);
  return (
    <p>
      {codes.length === 1
        ? t('treeCodes.one', { names })
        : t('treeCodes.many', { names, count: String(codes.length) })}
    </p>
  );
}

/**
 * Confirmation before a deletion: a modal dialog, Cancel focused first. It says what goes (the
 * folder's articles) and which QR codes will then lead nowhere: the codes stay, printed on
 * their panels, and a curator must know which ones to link again.
 */
export default function DeleteDialog(props: Props) {
  const { t, lang, item, name, busy, onConfirm, onCancel } = props;
  const freed = useFreedCodes(item);
  let text: string;
  if (item.type === 'article') {
    text = t('tree.deleteArticle', { name });
  } else {
    const count = countArticles(item);
    if (count === 0) text = t('tree.deleteFolderEmpty', { name });
    else if (count === 1) text = t('tree.deleteFolderOne', { name });
    else text = t('tree.deleteFolderMany', { name, count });
  }

  return (
    <ConfirmDialog
      title={t('tree.deleteTitle', { name })}
      cancelLabel={t('tree.cancel')}
      confirmLabel={t('tree.confirmDelete')}
      busy={busy}
      onConfirm={onConfirm}
      onCancel={onCancel}
    >
      <p>{text}</p>
      {/* Announced when the answer comes: the dialog's text was read at opening. */}
      <div role="status">
        <FreedCodes t={t} lang={lang} freed={freed} />
      </div>
      <p className="muted">{t('tree.irreversible')}</p>
    </ConfirmDialog>
  );
}
