import { useId, useRef, useState } from 'react';
import type { TFn } from '../../i18n/react.ts';
import { apiErrorMessage } from '../../ui/apiErrors.ts';
import { toast } from '../../ui/toast.ts';

/** GET /api/export/xliff: one article in one language, or in every language (`all`). */
export const xliffExportHref = (articleId: number, lang: string) =>
  `/api/export/xliff?articleId=${articleId}&lang=${encodeURIComponent(lang)}`;

/** The answer of POST /api/upload/xliff (xliff-service.ts ImportAnswer), as the screen reads it. */
type Imported = { imported: number; stale: number; skipped: number };

const isImported = (body: unknown): body is Imported =>
  typeof body === 'object' &&
  body !== null &&
  typeof (body as Imported).imported === 'number' &&
  typeof (body as Imported).stale === 'number' &&
  typeof (body as Imported).skipped === 'number';

const fileNameOf = (disposition: string | null, fallback: string) =>
  /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;

async function readJson(response: Response): Promise<unknown> {
  return response.json().catch(() => null);
}

/**
 * Work with a human translator (ADR 0014): export the article as XLIFF 1.2, in the
 * language on screen or in every language, and import the translator's file back. Errors are
 * told in the interface's language (apiErrors); the links work without script too.
 */
export default function XliffTools(props: {
  t: TFn;
  articleId: number;
  /** The language on screen. */
  target: string;
  onImported: () => Promise<void> | void;
}) {
  const { t, articleId, target, onImported } = props;
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState('');
  const input = useRef<HTMLInputElement>(null);
  const id = useId();

  /** Downloads through fetch, so a refusal is told in words rather than shown as JSON. */
  const download = async (href: string, fallback: string) => {
    try {
      const response = await fetch(href, { credentials: 'include' });
      if (!response.ok) {
        toast.error(apiErrorMessage(t, { body: await readJson(response) }));
        return;
      }
      const url = URL.createObjectURL(await response.blob());
      const link = document.createElement('a');
      link.href = url;
      link.download = fileNameOf(response.headers.get('content-disposition'), fallback);
      document.body.append(link);
      link.click();
      link.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
    } catch {
      toast.error(t('review.xliff.exportFailed'));
    }
  };

  const upload = async (file: File) => {
    setBusy(true);
    setMessage(t('review.xliff.importing'));
    try {
      const form = new FormData();
      form.append('xliff', file);
      const response = await fetch('/api/upload/xliff', {
        method: 'POST',
        body: form,
        credentials: 'include',
        headers: { Accept: 'application/json' },
      });
      const body = await readJson(response);
      if (response.ok && isImported(body)) {
        const done = t('review.xliff.imported', {
          imported: body.imported,
          stale: body.stale,
          skipped: body.skipped,
        });
        setMessage(done);
        toast.success(done);
        await onImported();
      } else {
        const refused = apiErrorMessage(t, { body });
        setMessage(refused);
        toast.error(refused);
      }
    } catch {
      setMessage(t('common.genericError'));
      toast.error(t('common.genericError'));
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const links = [
    { href: xliffExportHref(articleId, target), label: t('review.xliff.export'), lang: target },
    { href: xliffExportHref(articleId, 'all'), label: t('review.xliff.exportAll'), lang: 'all' },
  ];
  return (
    <section className="review-xliff" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('review.xliff.heading')}</h2>
      <p className="muted">{t('review.xliff.hint')}</p>
      <div className="review-toolbar">
        {links.map((link) => (
          <a
            key={link.lang}
            className="button button--ghost button--small"
            href={link.href}
            download
            onClick={(event) => {
              event.preventDefault();
              void download(link.href, `article-${articleId}.${link.lang}.xlf`);
            }}
          >
            {link.label}
          </a>
        ))}
        {/* As the editor's uploads: the browser's own words ('Choose File', 'No file chosen',
            in the browser's language) are hidden; the label is the button a curator clicks. */}
        <input
          ref={input}
          id={`${id}-file`}
          className="editor-upload__input"
          type="file"
          accept=".xlf,.xliff,.xml,application/x-xliff+xml"
          disabled={busy}
          onChange={(event) => {
            const file = event.target.files?.[0];
            if (file) void upload(file);
          }}
        />
        <label
          htmlFor={`${id}-file`}
          className="button button--ghost button--small editor-upload__choose"
        >
          {t('review.xliff.import')}
        </label>
      </div>
      <p className="muted" role="status">
        {message}
      </p>
    </section>
  );
}
