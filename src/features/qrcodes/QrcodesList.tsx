import { useEffect, useRef, useState } from 'react';
import { localePath, type Lang } from '../../i18n/paths.ts';
import { useT } from '../../i18n/react.ts';
import { call } from '../../ui/api.ts';
import { apiErrorMessage } from '../../ui/apiErrors.ts';
import Protected from '../../ui/Protected.tsx';
import { isSignedOut, useServerData } from '../../ui/server-state.ts';
import { toast } from '../../ui/toast.ts';
import AddressNote from './AddressNote.tsx';
import { articleLabel } from './ArticlePicker.tsx';
import { addQrcode, qrcodesRoute } from './calls.ts';
import type { QrcodeDocument } from './schema.ts';

/**
 * The QR codes list: one line per code, linking to its detail page, with its linked article or
 * a 'Free' badge; 'Add a qrcode' adds a free code and reloads the list, then moves focus to the
 * new line. A failed reload keeps the list shown.
 */
function QrcodesScreen({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const load = useServerData(qrcodesRoute);
  const { reload } = load;
  const [busy, setBusy] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const links = useRef(new Map<number, HTMLAnchorElement>());
  /** The line whose link takes focus after the next render. */
  const pendingFocus = useRef<number | null>(null);
  useEffect(() => {
    const target = pendingFocus.current;
    if (target === null) return;
    const element = links.current.get(target);
    if (element) {
      element.focus();
      element.scrollIntoView({ block: 'nearest' });
      pendingFocus.current = null;
    }
  });

  const add = async () => {
    setBusy(true);
    try {
      const result = await call(addQrcode, {});
      const created = result.answer;
      if (created) {
        pendingFocus.current = created.id;
        setAnnouncement(t('qrcodes.added', { link: created.link }));
      } else {
        console.error('Adding a QR code failed', result.status, result.body);
        toast.error(apiErrorMessage(t, result));
      }
    } catch (error) {
      console.error('Adding a QR code failed', error);
      toast.error(t('common.networkError'));
    } finally {
      // The list is read again after the write, whatever its answer.
      await reload();
      setBusy(false);
    }
  };

  if (isSignedOut(load)) return null;

  const backLink = (
    <a className="back-link" href={localePath(lang, '/dashboard')}>
      {t('common.backToDashboard')}
    </a>
  );

  const codes = load.data;
  if (!codes) {
    return (
      <>
        {backLink}
        <h1>{t('qrcodes.heading')}</h1>
        {load.status === 'loading' ? (
          <p className="status-line" role="status">
            {t('common.loading')}
          </p>
        ) : (
          <p className="muted">{t('qrcodes.loadFailed')}</p>
        )}
      </>
    );
  }

  const isFree = (code: QrcodeDocument) => code.id_article === null && code.circuit_id === null;
  const free = codes.filter(isFree).length;

  return (
    <div className="qr-screen">
      {backLink}
      <div className="qr-screen__head">
        <h1>{t('qrcodes.heading')}</h1>
        <a className="qr-screen__print" href={localePath(lang, '/qrcodes/print')}>
          {t('qrcodes.printLink')}
        </a>
      </div>
      <AddressNote t={t} codes={codes} />
      {codes.length === 0 ? (
        <p className="muted">{t('qrcodes.empty')}</p>
      ) : (
        <>
          <p className="muted qr-screen__summary">
            {t('qrcodes.summary', { active: codes.length - free, free })}
          </p>
          <ul className="qr-list" aria-label={t('qrcodes.list')}>
            {codes.map((code) => {
              const free = isFree(code);
              return (
                <li key={code.id} className={free ? 'qr-line qr-line--free' : 'qr-line'}>
                  <a
                    className="qr-line__link"
                    href={localePath(lang, `/qrcode?id=${code.id}`)}
                    ref={(element) => {
                      if (element) links.current.set(code.id, element);
                      else links.current.delete(code.id);
                    }}
                  >
                    <span className="qr-line__code">{t('qrcodes.line', { link: code.link })}</span>
                    {free ? (
                      <span className="qr-line__article">
                        <span className="qr-badge">{t('qrcodes.free')}</span>
                        <span className="muted">{t('qrcodes.noArticle')}</span>
                      </span>
                    ) : code.circuit_id !== null ? (
                      <span className="qr-line__article">
                        {t('qrcodes.circuit', {
                          title: code.circuit_title ?? code.circuit_name ?? '',
                        })}
                      </span>
                    ) : (
                      <span className="qr-line__article">
                        {articleLabel({
                          id: code.id_article ?? code.id,
                          unformatted_name: code.unformatted_name ?? '',
                          public_title: code.public_title,
                        })}
                      </span>
                    )}
                  </a>
                </li>
              );
            })}
          </ul>
        </>
      )}
      <div className="qr-screen__buttons">
        <button
          type="button"
          className="button button--primary"
          disabled={busy}
          onClick={() => void add()}
        >
          {t('qrcodes.add')}
        </button>
      </div>
      <p className="visually-hidden" role="status">
        {announcement}
      </p>
    </div>
  );
}

/** The /qrcodes island: the list, for a signed-in user only. */
export default function QrcodesList({ lang }: { lang: Lang }) {
  return (
    <Protected lang={lang}>
      <QrcodesScreen lang={lang} />
    </Protected>
  );
}
