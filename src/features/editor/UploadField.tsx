import { useContext, useEffect, useId, useRef, useState } from 'react';
import type { TFn } from '../../i18n/react.ts';
import { apiErrorMessage } from '../../ui/apiErrors.ts';
import { toast } from '../../ui/toast.ts';
import { LabelSuffix } from './labelSuffix.ts';
import {
  ACCEPT,
  MAX_IMAGE_BYTES,
  uploadMedia,
  type Uploaded,
  type UploadKind,
  type UploadResult,
} from './upload.ts';
import { useLatest } from './useLatest.ts';

type Props = {
  t: TFn;
  kind: UploadKind;
  label: string;
  /** What the field takes, under its label (formats, limits). */
  hint?: string;
  /** The element's current file ('/media/…'), or ''. */
  value: string;
  articleId: number;
  /** Sent with videos and subtitles when the element already has one. */
  videoId?: string;
  onUploaded: (uploaded: Uploaded) => void;
  onRemove: () => void;
};

/**
 * The toast for a refused upload (413 and the image over 200 KB; a wrong kind of file says so too, our choice), in the
 * curator's language: the server's code and details translated, never its English words. A 404
 * is an article gone meanwhile (or not this museum's): the file was not stored.
 */
function reportFailure(t: TFn, result: Extract<UploadResult, { ok: false }>) {
  if ([404, 413, 415, 422].includes(result.status)) {
    toast.error(apiErrorMessage(t, result), { autoClose: 5000 });
  } else {
    console.error('Upload failed', result.status, result.code, result.message);
    toast.error(t('editor.upload.failed'));
  }
}

/** A file input that uploads at once and hands the answer to the element. */
export default function UploadField(props: Props) {
  const { t, kind, label, hint, value, articleId, videoId } = props;
  const id = useId();
  const suffix = useContext(LabelSuffix);
  const [busy, setBusy] = useState(false);
  const latest = useLatest(props);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const send = async (file: File) => {
    // An image over 200 KB is refused here and never sent.
    if (kind === 'image' && file.size > MAX_IMAGE_BYTES) {
      toast.error(t('editor.upload.imageTooLarge'));
      return;
    }
    setBusy(true);
    try {
      const options = videoId ? { articleId, videoId } : { articleId };
      const result = await uploadMedia(kind, file, options);
      // The element may have moved meanwhile: the latest callback knows where it is now.
      if (result.ok) {
        if (mounted.current) latest.current.onUploaded(result.uploaded);
      } else {
        reportFailure(t, result);
      }
    } catch (error) {
      console.error('Upload failed', error);
      toast.error(t('common.networkError'));
    } finally {
      if (mounted.current) setBusy(false);
    }
  };

  const name = value.split('/').at(-1) ?? '';
  const statusId = `${id}-status`;
  const hintId = `${id}-hint`;
  return (
    <div className="editor-field editor-field--wide editor-upload" aria-busy={busy}>
      <label htmlFor={id}>
        {label}
        {suffix && <span className="visually-hidden"> ({suffix})</span>}
      </label>
      {hint && (
        <p id={hintId} className="editor-field__hint">
          {hint}
        </p>
      )}
      <div className="editor-upload__row">
        {kind === 'image' && value && <img className="editor-upload__thumb" src={value} alt="" />}
        {/* The browser's own words beside the input ('No file chosen', in the browser's
            language, and always so, as the input is cleared) contradicted 'Current file' below:
            the input is hidden from sight, still focused and named by its field label, and this
            second label is what a sighted curator clicks. */}
        <input
          id={id}
          className="editor-upload__input"
          type="file"
          accept={ACCEPT[kind]}
          disabled={busy}
          aria-describedby={hint ? `${hintId} ${statusId}` : statusId}
          onChange={(event) => {
            const input = event.currentTarget;
            const file = input.files?.[0];
            // Cleared, so that choosing the same file again uploads it again.
            input.value = '';
            if (file) void send(file);
          }}
        />
        <label
          htmlFor={id}
          className="button button--ghost button--small editor-upload__choose"
          aria-hidden="true"
        >
          {value ? t('editor.upload.replace') : t('editor.upload.choose')}
        </label>
      </div>
      <p id={statusId} className="editor-field__hint" role="status">
        {busy ? (
          t('editor.upload.uploading')
        ) : value ? (
          <>
            {t('editor.upload.current')} <span className="editor-upload__name">{name}</span>
          </>
        ) : (
          t('editor.upload.none')
        )}
      </p>
      {value && !busy && (
        <button type="button" className="editor-link-button" onClick={props.onRemove}>
          {t('editor.upload.remove')}
          {suffix && (
            <span className="visually-hidden">
              {' '}
              ({label}, {suffix})
            </span>
          )}
        </button>
      )}
    </div>
  );
}
