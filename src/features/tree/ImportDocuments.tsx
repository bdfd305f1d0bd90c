import { useRef, useState, type ChangeEvent } from 'react';
import type { TFn } from '../../i18n/react.ts';
import { apiErrorMessage, formatSize } from '../../ui/apiErrors.ts';
import {
  DOCUMENT_ACCEPT,
  importDocuments,
  MAX_DOCUMENT_BYTES,
  MAX_DOCUMENTS,
  type ImportAnswer,
} from './importCall.ts';

type Outcome =
  | { kind: 'idle' }
  | { kind: 'sending'; percent: number }
  | { kind: 'done'; message: string }
  | { kind: 'failed'; message: string };

/** What an import did, in the curator's words. */
function doneMessage(t: TFn, answer: ImportAnswer): string {
  const count = answer.articleIds.length;
  const made = count === 1 ? t('tree.importedOne') : t('tree.importedMany', { count });
  const skipped = answer.skippedImages.length;
  return skipped === 0 ? made : `${made} ${t('tree.importSkipped', { count: skipped })}`;
}

/** Refusals the browser can tell before sending (the server checks them again). */
function localRefusal(t: TFn, files: readonly File[]): string | null {
  if (files.length > MAX_DOCUMENTS) {
    return t('apiErrors.invalid_document_too_many', { max: MAX_DOCUMENTS });
  }
  const large = files.find((file) => file.size > MAX_DOCUMENT_BYTES);
  if (large) {
    return t('apiErrors.invalid_document_too_large', {
      file: large.name,
      max: formatSize(t, MAX_DOCUMENT_BYTES),
    });
  }
  return null;
}

/**
 * Import documents: Word and Markdown files chosen here become articles of the folder shown,
 * one per file, all or none. Progress while the files go, then what was made (or why nothing
 * was, naming the file); the tree reloads after.
 */
export default function ImportDocuments({
  t,
  folderPath,
  disabled,
  onImported,
}: {
  t: TFn;
  folderPath: readonly number[];
  disabled: boolean;
  onImported: () => Promise<unknown>;
}) {
  const input = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'idle' });
  const sending = outcome.kind === 'sending';

  async function send(files: File[]) {
    const refusal = localRefusal(t, files);
    if (refusal) return setOutcome({ kind: 'failed', message: refusal });
    setOutcome({ kind: 'sending', percent: 0 });
    const result = await importDocuments(files, folderPath, (fraction) =>
      setOutcome({ kind: 'sending', percent: Math.round(fraction * 100) }),
    );
    if (result.ok) {
      await onImported();
      setOutcome({ kind: 'done', message: doneMessage(t, result.answer) });
      return;
    }
    console.error('POST /api/upload/documents failed', result.status, result.body);
    const message =
      result.status === 0 ? t('common.networkError') : apiErrorMessage(t, { body: result.body });
    setOutcome({ kind: 'failed', message });
  }

  const chosen = (event: ChangeEvent<HTMLInputElement>) => {
    const files = [...(event.target.files ?? [])];
    // Emptied, so choosing the same files again imports them again.
    event.target.value = '';
    if (files.length > 0) void send(files);
  };

  return (
    <div className="tree-import">
      <button
        type="button"
        className="button button--ghost"
        disabled={disabled || sending}
        aria-describedby="tree-import-hint"
        onClick={() => input.current?.click()}
      >
        {t('tree.importDocuments')}
      </button>
      <input
        ref={input}
        type="file"
        multiple
        accept={DOCUMENT_ACCEPT}
        hidden
        aria-label={t('tree.importDocuments')}
        onChange={chosen}
      />
      <p id="tree-import-hint" className="tree-import__hint muted">
        {t('tree.importHint')}
      </p>
      <div role="status" className="tree-import__status">
        {outcome.kind === 'sending' && (
          <>
            <progress max={100} value={outcome.percent} aria-label={t('tree.importing')} />{' '}
            {outcome.percent < 100
              ? t('tree.importProgress', { percent: outcome.percent })
              : t('tree.importReading')}
          </>
        )}
        {outcome.kind === 'done' && <p>{outcome.message}</p>}
      </div>
      {outcome.kind === 'failed' && (
        <p className="tree-import__error" role="alert">
          {outcome.message}
        </p>
      )}
    </div>
  );
}
