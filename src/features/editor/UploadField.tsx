import { useContext, useEffect, useId, useRef, useState } from 'react';
import type { TFn } from '../../i18n/react.ts';
import { apiErrorMessage, formatSize } from '../../ui/apiErrors.ts';
import { toast } from '../../ui/toast.ts';
import { LabelSuffix } from './labelSuffix.ts';
import { SCALED_LONG_SIDE, scaleDown } from './scale-down.ts';
import {
  ACCEPT,
  uploadLimits,
  uploadMedia,
  type Uploaded,
  type UploadKind,
  type UploadResult,
} from './upload.ts';
import { useLatest } from './useLatest.ts';

/** Where an upload is: scaled down in the browser, sent (with how much), processed. */
type Phase = { step: 'scaling' } | { step: 'sending'; sent: number } | { step: 'processing' };

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
 * The toast for a refused upload (413 with the limit, a wrong kind of file, an image that
 * cannot be read), in the curator's language: the server's code and details translated, never
 * its English words. A 404 is an article gone meanwhile (or not this museum's): the file was not
 * stored.
 */
function reportFailure(t: TFn, kind: UploadKind, result: Extract<UploadResult, { ok: false }>) {
  const maxBytes = (result.body as { error?: { details?: { maxBytes?: unknown } } } | null)?.error
    ?.details?.maxBytes;
  if (kind === 'image' && result.status === 413 && typeof maxBytes === 'number') {
    toast.error(t('editor.upload.imageTooLarge', { max: formatSize(t, maxBytes) }), {
      autoClose: 8000,
    });
  } else if ([404, 413, 415, 422].includes(result.status)) {
    toast.error(apiErrorMessage(t, result), { autoClose: 5000 });
  } else {
    console.error('Upload failed', result.status, result.code, result.message);
    toast.error(t('editor.upload.failed'));
  }
}

/**
 * A photo over the server's limit, made smaller in the browser first (scale-down.ts); the file
 * as it is otherwise, or when it cannot be made small enough (the server then says 413).
 */
async function fitting(kind: UploadKind, file: File, onScaling: () => void) {
  if (kind !== 'image') return { file, scaled: false };
  const max = (await uploadLimits()).image;
  if (max === undefined || file.size <= max) return { file, scaled: false };
  onScaling();
  const smaller = await scaleDown(file, max);
  return smaller ? { file: smaller, scaled: true } : { file, scaled: false };
}

function phaseText(t: TFn, phase: Phase): string {
  if (phase.step === 'scaling') return t('editor.upload.scaling');
  if (phase.step === 'processing') return t('editor.upload.processing');
  return t('editor.upload.sending', { percent: Math.round(phase.sent * 100) });
}

/** A file input that uploads at once and hands the answer to the element. */
export default function UploadField(props: Props) {
  const { t, kind, label, hint, value, articleId, videoId } = props;
  const id = useId();
  const suffix = useContext(LabelSuffix);
  const [phase, setPhase] = useState<Phase | null>(null);
  const busy = phase !== null;
  /** What the last upload told: the visitor's download, and whether the photo was scaled. */
  const [told, setTold] = useState<{ visitorBytes: number | null; scaled: boolean } | null>(null);
  const latest = useLatest(props);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const send = async (chosen: File) => {
    setPhase({ step: 'sending', sent: 0 });
    setTold(null);
    try {
      const { file, scaled } = await fitting(kind, chosen, () => setPhase({ step: 'scaling' }));
      if (mounted.current) setPhase({ step: 'sending', sent: 0 });
      // Once an image has gone, the server processes it for phones: that is said too.
      const onProgress = (sent: number) => {
        if (!mounted.current) return;
        setPhase(
          sent >= 1 && kind === 'image' ? { step: 'processing' } : { step: 'sending', sent },
        );
      };
      const options = videoId ? { articleId, videoId, onProgress } : { articleId, onProgress };
      const result = await uploadMedia(kind, file, options);
      // The element may have moved meanwhile: the latest callback knows where it is now.
      if (result.ok) {
        if (mounted.current) {
          latest.current.onUploaded(result.uploaded);
          if (kind === 'image') setTold({ visitorBytes: result.uploaded.visitorBytes, scaled });
        }
      } else {
        reportFailure(t, kind, result);
      }
    } catch (error) {
      console.error('Upload failed', error);
      toast.error(t('common.networkError'));
    } finally {
      if (mounted.current) setPhase(null);
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
        {phase ? (
          phaseText(t, phase)
        ) : value ? (
          <>
            {t('editor.upload.current')} <span className="editor-upload__name">{name}</span>
          </>
        ) : (
          t('editor.upload.none')
        )}
      </p>
      {phase?.step === 'sending' && (
        <progress
          className="editor-upload__progress"
          max={1}
          value={phase.sent}
          aria-label={t('editor.upload.progress')}
        />
      )}
      {value && !busy && told && (
        <p className="editor-field__hint editor-upload__told">
          {told.scaled && t('editor.upload.scaled', { px: SCALED_LONG_SIDE })}{' '}
          {told.visitorBytes !== null &&
            t('editor.upload.visitorSize', { size: formatSize(t, told.visitorBytes) })}
        </p>
      )}
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
