import { useCallback, useEffect, useRef, useState } from 'react';
import { localePath, t as translate, type Lang } from '../../i18n/index.ts';
import { useT, type TFn } from '../../i18n/react.ts';
import { api } from '../../ui/api.ts';
import { useQueryParam } from '../../ui/browser.ts';
import Protected from '../../ui/Protected.tsx';
import { toast } from '../../ui/toast.ts';
import ArticlePicker, {
  articleLabel,
  CircuitPicker,
  type ArticlesLoad,
  type CircuitsLoad,
} from './ArticlePicker.tsx';
import {
  parseArticleChoices,
  parseCircuitChoices,
  parseQrcode,
  qrcodeIdOf,
  type QrcodeDocument,
} from './qrApi.ts';
import QrPreview from './QrPreview.tsx';

type CodeLoad =
  | { status: 'loading' }
  | { status: 'ready'; code: QrcodeDocument }
  | { status: 'notFound' }
  | { status: 'failed' }
  /** 401: silently ignored (spec 6); Protected sends a logged-out visitor to sign-in. */
  | { status: 'signedOut' };

/** GET /api/read/qrcode (spec 7), reloaded after a save (spec 4). */
function useQrcode(qrcodeId: number) {
  const [load, setLoad] = useState<CodeLoad>({ status: 'loading' });
  const seq = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++seq.current;
    let next: (previous: CodeLoad) => CodeLoad = (previous) =>
      previous.status === 'ready' ? previous : { status: 'failed' };
    try {
      const result = await api(`/api/read/qrcode?qrcodeId=${qrcodeId}`);
      const code = result.ok ? parseQrcode(result.body) : null;
      if (result.status === 401) {
        next = (previous) => (previous.status === 'ready' ? previous : { status: 'signedOut' });
      } else if (result.status === 404 || result.status === 422) {
        next = () => ({ status: 'notFound' });
      } else if (code) {
        next = () => ({ status: 'ready', code });
      } else {
        console.error('Loading the QR code failed', result.status, result.body);
      }
    } catch (error) {
      console.error('Loading the QR code failed', error);
    }
    // An older answer arriving late must not replace a newer one.
    if (mine === seq.current) setLoad(next);
  }, [qrcodeId]);

  useEffect(() => {
    void reload();
  }, [reload]);

  return { load, reload };
}

/** GET /api/read/articles: the picker's choices. */
function useArticleChoices() {
  const [load, setLoad] = useState<ArticlesLoad>({ status: 'loading' });
  useEffect(() => {
    let cancelled = false;
    const run = async (): Promise<ArticlesLoad> => {
      try {
        const result = await api('/api/read/articles');
        if (result.status === 401) return { status: 'signedOut' };
        const articles = result.ok ? parseArticleChoices(result.body) : null;
        if (articles) return { status: 'ready', articles };
        console.error('Loading the articles failed', result.status, result.body);
      } catch (error) {
        console.error('Loading the articles failed', error);
      }
      return { status: 'failed' };
    };
    void run().then((next) => {
      if (!cancelled) setLoad(next);
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return load;
}

/** GET /api/read/circuits (issue 19): the circuit picker's choices. */
function useCircuitChoices() {
  const [load, setLoad] = useState<CircuitsLoad>({ status: 'loading' });
  useEffect(() => {
    let cancelled = false;
    const run = async (): Promise<CircuitsLoad> => {
      try {
        const result = await api('/api/read/circuits');
        if (result.status === 401) return { status: 'signedOut' };
        const circuits = result.ok ? parseCircuitChoices(result.body) : null;
        if (circuits) return { status: 'ready', circuits };
        console.error('Loading the circuits failed', result.status, result.body);
      } catch (error) {
        console.error('Loading the circuits failed', error);
      }
      return { status: 'failed' };
    };
    void run().then((next) => {
      if (!cancelled) setLoad(next);
    });
    return () => {
      cancelled = true;
    };
  }, []);
  return load;
}

/** Where a code leads: an article (spec 7) or a circuit (issue 19). */
type Kind = 'article' | 'circuit';

/** A failed save; the toast says 'Something went wrong' (spec 8). */
class SaveFailed extends Error {}

type ScreenProps = { lang: Lang; qrcodeId: number };

/**
 * The QR code detail (spec 2 'QR code detail', 4, 8): the linked article or the inactive
 * message, the article picker and Save, the QR image and its download.
 */
function QrcodeScreen({ lang, qrcodeId }: ScreenProps) {
  const t = useT(lang);
  const { load, reload } = useQrcode(qrcodeId);
  const articles = useArticleChoices();
  const circuits = useCircuitChoices();
  /** Article or circuit, as chosen here; undefined: what the code leads to now. */
  const [kind, setKind] = useState<Kind | undefined>(undefined);
  /** The article picked here; undefined: the one linked now. */
  const [picked, setPicked] = useState<number | undefined>(undefined);
  /** The circuit picked here; undefined: the one linked now. */
  const [pickedCircuit, setPickedCircuit] = useState<number | undefined>(undefined);
  const [pickerError, setPickerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const searchRef = useRef<HTMLInputElement>(null);
  const saveRef = useRef<HTMLButtonElement>(null);

  const code = load.status === 'ready' ? load.code : null;
  const heading = code ? t('qrcode.heading', { link: code.link }) : null;
  useEffect(() => {
    if (heading) document.title = translate(lang, 'meta.titleTemplate', { page: heading });
  }, [heading, lang]);

  if (load.status === 'signedOut') return null;

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

  if (load.status === 'notFound') {
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

  const chosen = picked === undefined ? code.id_article : picked;
  const chosenCircuit = pickedCircuit === undefined ? code.circuit_id : pickedCircuit;
  const linkedKind: Kind = code.circuit_id !== null ? 'circuit' : 'article';
  const shownKind = kind ?? linkedKind;
  const circuitsHref = localePath(lang, '/circuits');
  const linkedTitle =
    code.id_article === null
      ? null
      : articleLabel(t, { id: code.id_article, unformatted_name: code.unformatted_name ?? '' });

  const send = async (target: { articleId: number } | { circuitId: number }) => {
    const result = await api('/api/manage/update_qrcode', {
      method: 'POST',
      body: { ...target, qrcodeId: code.id },
    });
    if (!result.ok) {
      console.error('Saving the QR code failed', result.status, result.body);
      throw new SaveFailed(`HTTP ${result.status}`);
    }
  };

  const save = async () => {
    if (saving) return;
    const target =
      shownKind === 'circuit'
        ? chosenCircuit === null
          ? null
          : { circuitId: chosenCircuit }
        : chosen === null
          ? null
          : { articleId: chosen };
    if (target === null) {
      // The server would refuse it too; nothing is sent.
      setPickerError(
        shownKind === 'circuit' ? t('qrcode.chooseCircuitFirst') : t('qrcode.chooseFirst'),
      );
      (searchRef.current ?? saveRef.current)?.focus();
      return;
    }
    setPickerError(null);
    setSaving(true);
    try {
      await toast.promise(send(target), {
        pending: t('qrcode.saving'),
        success: t('qrcode.saved'),
        error: t('common.genericError'),
      });
    } catch (error) {
      if (!(error instanceof SaveFailed)) console.error('Saving the QR code failed', error);
      setSaving(false);
      return;
    }
    await reload();
    setPicked(undefined);
    setPickedCircuit(undefined);
    setKind(undefined);
    setSaving(false);
  };

  return (
    <div className="qr-detail-screen">
      {backLinks}
      <h1 className="qr-detail-screen__heading">{heading}</h1>
      <div className="qr-detail">
        <section className="qr-detail__article" aria-labelledby="qr-article-title">
          <h2 id="qr-article-title">
            {linkedKind === 'circuit' ? t('qrcode.circuitTitle') : t('qrcode.articleTitle')}
          </h2>
          {code.circuit_id !== null ? (
            <p className="qr-status qr-status--active">
              <span>{t('qrcode.circuitPrefix')}</span>{' '}
              <a href={localePath(lang, `/circuits?id=${code.circuit_id}`)}>
                {code.circuit_title ?? code.circuit_name}
              </a>
            </p>
          ) : linkedTitle === null ? (
            <p className="qr-status qr-status--inactive">
              <span className="qr-badge">{t('qrcodes.free')}</span>
              <span>{t('qrcode.inactive')}</span>
            </p>
          ) : (
            <p className="qr-status qr-status--active">
              <a href={localePath(lang, `/article?id=${code.id_article}`)}>{linkedTitle}</a>
            </p>
          )}
          <fieldset className="qr-kind">
            <legend className="qr-kind__legend">{t('qrcode.leadsTo')}</legend>
            {(['article', 'circuit'] as const).map((option) => (
              <label key={option} className="qr-kind__option">
                <input
                  type="radio"
                  name="qr-kind"
                  value={option}
                  checked={shownKind === option}
                  disabled={saving}
                  onChange={() => {
                    setKind(option);
                    setPickerError(null);
                  }}
                />
                <span>
                  {option === 'article' ? t('qrcode.kindArticle') : t('qrcode.kindCircuit')}
                </span>
              </label>
            ))}
          </fieldset>
          {shownKind === 'article' ? (
            <ArticlePicker
              key="article"
              t={t}
              load={articles}
              chosen={chosen}
              chosenTitle={chosen !== null && chosen === code.id_article ? linkedTitle : null}
              onChoose={(id) => {
                setPicked(id);
                setPickerError(null);
              }}
              error={pickerError}
              searchRef={searchRef}
              disabled={saving}
            />
          ) : (
            <CircuitPicker
              key="circuit"
              t={t}
              load={circuits}
              circuitsHref={circuitsHref}
              chosen={chosenCircuit}
              chosenTitle={
                chosenCircuit !== null && chosenCircuit === code.circuit_id
                  ? code.circuit_title
                  : null
              }
              onChoose={(id) => {
                setPickedCircuit(id);
                setPickerError(null);
              }}
              error={pickerError}
              searchRef={searchRef}
              disabled={saving}
            />
          )}
          <div className="qr-detail__buttons">
            <button
              ref={saveRef}
              type="button"
              className="button button--primary"
              disabled={saving}
              onClick={() => void save()}
            >
              {t('qrcode.save')}
            </button>
          </div>
        </section>
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

/** The /qrcode?id= island (spec 2, QR code detail): for a logged-in user only (spec 6). */
export default function QrcodeDetail({ lang }: { lang: Lang }) {
  return (
    <Protected lang={lang}>
      <QrcodeById lang={lang} />
    </Protected>
  );
}
