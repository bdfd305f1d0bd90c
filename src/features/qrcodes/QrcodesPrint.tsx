import { Fragment, useEffect, useRef, useState } from 'react';
import { localePath, type Lang } from '../../i18n/paths.ts';
import { useT, type TFn } from '../../i18n/react.ts';
import Protected from '../../ui/Protected.tsx';
import { isSignedOut, useServerData } from '../../ui/server-state.ts';
import AddressNote from './AddressNote.tsx';
import { articleLabel } from './ArticlePicker.tsx';
import { qrcodesRoute } from './calls.ts';
import type { QrcodeDocument } from './schema.ts';
import QrColours from './QrColours.tsx';
import { addressParts, createQrCode, DEFAULT_COLOURS, type Colours } from './qrImage.ts';

/** One code as printed: the image as SVG (sharp at any size), its article and its address. */
function PrintCard({
  t,
  code,
  colours,
  onDrawn,
}: {
  t: TFn;
  code: QrcodeDocument;
  colours: Colours;
  onDrawn: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  const drawnRef = useRef(onDrawn);
  useEffect(() => {
    drawnRef.current = onDrawn;
  });

  useEffect(() => {
    const container = box.current;
    let cancelled = false;
    createQrCode(code.url, 'svg', colours).then(
      (qr) => {
        if (cancelled || !container) return;
        qr.append(container);
        drawnRef.current();
      },
      (error: unknown) => {
        console.error('Drawing the QR code failed', error);
        if (cancelled) return;
        setFailed(true);
        drawnRef.current();
      },
    );
    return () => {
      cancelled = true;
      container?.replaceChildren();
    };
  }, [code.url, colours]);

  // A code leading to a circuit is printed with the circuit's title.
  const title =
    code.circuit_title !== null
      ? t('qrcodes.circuit', { title: code.circuit_title })
      : articleLabel({
          id: code.id_article ?? code.id,
          unformatted_name: code.unformatted_name ?? '',
          public_title: code.public_title,
        });
  return (
    <li className="print-card">
      <div
        ref={box}
        className="print-card__qr"
        data-colours={colours}
        role="img"
        aria-label={t('qrcode.preview', { url: code.url })}
      />
      {failed && <p className="qr-field-error">{t('qrcode.downloadFailed')}</p>}
      {code.stop !== undefined && code.circuit_id === null && (
        <p className="print-card__stop">{t('stops.label', { n: code.stop })}</p>
      )}
      <p className="print-card__title">{title}</p>
      <PrintedAddress url={code.url} />
    </li>
  );
}

/**
 * The short address under a code, on one line where it fits; otherwise it breaks only between
 * the site's pieces (<wbr>), never inside the code's part, which stays whole on its line.
 */
function PrintedAddress({ url }: { url: string }) {
  const { site, code } = addressParts(url);
  return (
    <p className="print-card__url">
      {site.map((piece, index) => (
        <Fragment key={index}>
          <span className="print-card__site">{piece}</span>
          <wbr />
        </Fragment>
      ))}
      <span className="print-card__code">{code}</span>
    </p>
  );
}

/**
 * The print sheet of the QR codes: every active code (linked to an article) with its title
 * and short address, six per A4 page; the page's chrome is hidden when printing.
 */
function PrintScreen({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const load = useServerData(qrcodesRoute);
  const [drawn, setDrawn] = useState(0);
  const [colours, setColours] = useState<Colours>(DEFAULT_COLOURS);

  if (isSignedOut(load)) return null;

  const active = (load.data ?? []).filter((c) => c.id_article !== null || c.circuit_id !== null);
  const ready = load.status === 'ready' && drawn >= active.length;

  return (
    <div className="qr-print">
      <div className="qr-print__head">
        <a className="back-link" href={localePath(lang, '/qrcodes')}>
          {t('qrcode.backToQrcodes')}
        </a>
        <h1>{t('qrcodes.print.title')}</h1>
        <AddressNote t={t} codes={active} />
        {load.status === 'loading' && (
          <p className="status-line" role="status">
            {t('common.loading')}
          </p>
        )}
        {load.status === 'failed' && <p className="muted">{t('qrcodes.loadFailed')}</p>}
        {load.status === 'ready' && active.length === 0 && (
          <p className="muted">{t('qrcodes.print.empty')}</p>
        )}
        {active.length > 0 && (
          <div className="qr-print__actions">
            <p className="muted">{t('qrcodes.print.intro')}</p>
            <QrColours
              t={t}
              value={colours}
              onChange={(next) => {
                // Every card draws again; Print waits for them.
                setDrawn(0);
                setColours(next);
              }}
            />
            <button
              type="button"
              className="button button--primary"
              disabled={!ready}
              onClick={() => window.print()}
            >
              {t('qrcodes.print.button')}
            </button>
          </div>
        )}
      </div>
      {active.length > 0 && (
        <ul className="print-grid" aria-label={t('qrcodes.print.list')}>
          {active.map((code) => (
            <PrintCard
              key={code.id}
              t={t}
              code={code}
              colours={colours}
              onDrawn={() => setDrawn((n) => n + 1)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

/** The /qrcodes/print island: for a signed-in user only. */
export default function QrcodesPrint({ lang }: { lang: Lang }) {
  return (
    <Protected lang={lang}>
      <PrintScreen lang={lang} />
    </Protected>
  );
}
