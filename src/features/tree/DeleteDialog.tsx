import type { TFn } from '../../i18n/react.ts';
import ConfirmDialog from '../../ui/ConfirmDialog.tsx';
import { countArticles, type TreeItem } from './names.ts';

type Props = {
  t: TFn;
  item: TreeItem;
  /** The line's shown name (an untitled article shows its id). */
  name: string;
  busy: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/** Confirmation before a deletion: a modal dialog, Cancel focused first. */
export default function DeleteDialog({ t, item, name, busy, onConfirm, onCancel }: Props) {
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
      <p className="muted">{t('tree.irreversible')}</p>
    </ConfirmDialog>
  );
}
