import { useEffect } from 'react';
import { t as translate } from '../../i18n/index.ts';
import { localePath, type Lang } from '../../i18n/paths.ts';
import { useT, type TFn } from '../../i18n/react.ts';
import { useQueryParam } from '../../ui/browser.ts';
import Protected from '../../ui/Protected.tsx';
import { isSignedOut, useServerData } from '../../ui/server-state.ts';
import { useArticleList } from '../articles/article-list.ts';
import AddressNote from './AddressNote.tsx';
import { circuitChoicesRoute, qrcodeRoute } from './calls.ts';
import LinkEditor from './LinkEditor.tsx';
import { qrcodeIdOf } from './qrApi.ts';
import QrPreview from './QrPreview.tsx';

type ScreenProps = { lang: Lang; qrcodeId: number };

/**
 * The QR code detail: the linked article or the inactive message, the article picker and Save,
 * the QR image and its download. The code is read again after a save.
 */
function QrcodeScreen({ lang, qrcodeId }: ScreenProps) {
  const t = useT(lang);
  const load = useServerData(qrcodeRoute(qrcodeId));
  const articles = useArticleList();
  const circuits = useServerData(circuitChoicesRoute);

  // A failed reload keeps the code shown; one that finds it gone (or its id refused) does not.
  const notFound = load.error?.status === 404 || load.error?.status === 422;
  const code = notFound ? null : (load.data ?? null);
  const heading = code ? t('qrcode.heading', { link: code.link }) : null;
  useEffect(() => {
    if (heading) document.title = translate(lang, 'meta.titleTemplate', { page: heading });
  }, [heading, lang]);

  if (isSignedOut(load)) return null;

  const backLinks = (
    <div className="qr-backlinks">
      <a className="back-link" href={localePath(lang, '/qrcodes')}>
        {t('qrcode.backToQrcodes')}
      </a>
      <a className="back-link" href={localePath(lang, '/dashboard')}>
        {t('common.backToDashboard')}
      </a>
    </div>
  );

  if (notFound) {
    return (
      <>
        {backLinks}
        <h1>{t('qrcode.notFound')}</h1>
        <p>{t('qrcode.notFoundText')}</p>
      </>
    );
  }

  if (!code) {
    return (
      <>
        {backLinks}
        <h1>{t('qrcode.title')}</h1>
        {load.status === 'loading' ? (
          <p className="status-line" role="status">
            {t('common.loading')}
          </p>
        ) : (
          <p className="muted">{t('qrcode.loadFailed')}</p>
        )}
      </>
    );
  }

  return (
    <div className="qr-detail-screen">
      {backLinks}
      <h1 className="qr-detail-screen__heading">{heading}</h1>
      <AddressNote t={t} codes={[code]} />
      <div className="qr-detail">
        <LinkEditor
          t={t}
          lang={lang}
          code={code}
          articles={articles}
          circuits={circuits}
          reload={load.reload}
        />
        <section className="qr-detail__image" aria-labelledby="qr-image-title">
          <h2 id="qr-image-title">{t('qrcode.previewTitle')}</h2>
          <QrPreview key={code.url} t={t} url={code.url} link={code.link} />
        </section>
      </div>
    </div>
  );
}

/** /qrcode without a usable id: say so, and lead back to the list. */
function NoQrcode({ t, lang, missing }: { t: TFn; lang: Lang; missing: boolean }) {
  return (
    <>
      <a className="back-link" href={localePath(lang, '/qrcodes')}>
        {t('qrcode.backToQrcodes')}
      </a>
      <h1>{t('qrcode.title')}</h1>
      <p>{missing ? t('qrcode.missing') : t('qrcode.invalidId')}</p>
    </>
  );
}

function QrcodeById({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const param = useQueryParam('id');
  if (param === undefined) return null;
  const qrcodeId = qrcodeIdOf(param);
  if (qrcodeId === null) return <NoQrcode t={t} lang={lang} missing={param === null} />;
  return <QrcodeScreen key={qrcodeId} lang={lang} qrcodeId={qrcodeId} />;
}

/** The /qrcode?id= island, for a signed-in user only. */
export default function QrcodeDetail({ lang }: { lang: Lang }) {
  return (
    <Protected lang={lang}>
      <QrcodeById lang={lang} />
    </Protected>
  );
}
