import { useId, useState } from 'react';
import type { Lang } from '../../i18n/paths.ts';
import { useT, type TFn } from '../../i18n/react.ts';
import { getRoute } from '../../ui/api.ts';
import { apiErrorMessage } from '../../ui/apiErrors.ts';
import { useServerData } from '../../ui/server-state.ts';
import { useSession } from '../../ui/session.ts';
import { toast } from '../../ui/toast.ts';
import { articlesRoute } from '../articles/article-list.ts';
import { settingsRoute } from '../settings/calls.ts';
import type { RestoreAnswer } from './format.ts';

/** Whether the museum may receive an export now (restore-into.ts). */
const restoreRoute = getRoute<{ into: 'empty' | 'demo' | 'not_empty' }>(
  '/api/read/restore',
  (body) => typeof (body as { into?: unknown } | null)?.into === 'string',
);

const isRestored = (body: unknown): body is RestoreAnswer =>
  typeof (body as RestoreAnswer | null)?.articles === 'number' &&
  Array.isArray((body as RestoreAnswer).qrNotKept) &&
  Array.isArray((body as RestoreAnswer).renamed);

/** What a restore brought in, in the curator's words, with what could not keep its address. */
function restoredText(t: TFn, answer: RestoreAnswer): string[] {
  const { articles, media, circuits, qrcodes } = answer;
  const lines = [t('transfer.restored', { articles, media, circuits, qrcodes })];
  if (answer.qrNotKept.length > 0) {
    const links = answer.qrNotKept.map((code) => `${code.link} → ${code.newLink}`).join(', ');
    lines.push(t('transfer.qrNotKept', { links }));
  }
  if (answer.renamed.length > 0) {
    const names = answer.renamed.map((item) => `${item.from} → ${item.to}`).join(', ');
    lines.push(t('transfer.renamed', { names }));
  }
  return lines;
}

async function sendArchive(file: File): Promise<{ ok: boolean; body: unknown }> {
  const form = new FormData();
  form.append('archive', file);
  const response = await fetch('/api/upload/museum', {
    method: 'POST',
    body: form,
    credentials: 'include',
    headers: { Accept: 'application/json' },
  });
  return { ok: response.ok, body: await response.json().catch(() => null) };
}

/**
 * Settings' export and restore: the whole museum as one zip (a plain link: the browser saves the
 * stream as it comes), and a restore offered while the museum has no articles yet. Each says
 * what it holds and what it does not (no accounts, no statistics). Its own island.
 */
export default function TransferSection({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const id = useId();
  const session = useSession();
  const signedIn = session.status === 'in';
  const articles = useServerData(signedIn ? articlesRoute : null);
  const settings = useServerData(signedIn ? settingsRoute : null);
  const target = useServerData(signedIn ? restoreRoute : null);
  const [busy, setBusy] = useState(false);
  const [lines, setLines] = useState<string[]>([]);
  if (!signedIn) return null;
  const count = articles.data?.length;
  const into = target.data?.into;
  const canRestore = (into === 'empty' || into === 'demo') && !busy;
  const why =
    into === 'demo'
      ? t('transfer.restoreReplacesDemo')
      : into === 'not_empty'
        ? t('transfer.restoreOnlyEmpty', { count: count ?? 1 })
        : undefined;

  const restore = async (input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    setBusy(true);
    setLines([t('transfer.restoring')]);
    try {
      const { ok, body } = await sendArchive(file);
      if (ok && isRestored(body)) {
        const done = restoredText(t, body);
        setLines(done);
        toast.success(done[0]!);
        await Promise.all([articles.reload(), settings.reload(), target.reload()]);
      } else {
        const refused = apiErrorMessage(t, { body });
        setLines([refused]);
        toast.error(refused);
      }
    } catch {
      setLines([t('common.genericError')]);
      toast.error(t('common.genericError'));
    } finally {
      setBusy(false);
      input.value = '';
    }
  };

  return (
    <section className="settings transfer-section card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('transfer.title')}</h2>
      <h3>{t('transfer.exportHeading')}</h3>
      <p className="settings-form__hint">{t('transfer.exportHint')}</p>
      <p>
        <a className="button button--ghost" href="/api/export/museum" download>
          {t('transfer.exportLink')}
        </a>
      </p>
      <h3>{t('transfer.restoreHeading')}</h3>
      <p className="settings-form__hint">{t('transfer.restoreHint')}</p>
      <div className="settings-form__field">
        <label htmlFor={`${id}-archive`}>{t('transfer.restoreLabel')}</label>
        <input
          id={`${id}-archive`}
          type="file"
          accept=".zip,application/zip"
          disabled={!canRestore}
          aria-describedby={why ? `${id}-why` : undefined}
          onChange={(event) => void restore(event.currentTarget)}
        />
        {why && (
          <p id={`${id}-why`} className="settings-form__hint">
            {why}
          </p>
        )}
      </div>
      {lines.length > 0 && (
        <div className="transfer-section__status" role="status">
          {lines.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </div>
      )}
    </section>
  );
}
