import { useRef, useState } from 'react';
import { localePath, type Lang } from '../../i18n/paths.ts';
import type { TFn } from '../../i18n/react.ts';
import { call } from '../../ui/api.ts';
import { toast } from '../../ui/toast.ts';
import ArticlePicker, {
  articleLabel,
  CircuitPicker,
  type ArticlesLoad,
  type CircuitsLoad,
} from './ArticlePicker.tsx';
import { updateQrcode } from './calls.ts';
import type { QrcodeDocument } from './schema.ts';

/** Where a code leads: an article or a circuit. */
type Kind = 'article' | 'circuit';

/** A failed save; the toast says 'Something went wrong'. */
class SaveFailed extends Error {}

type Props = {
  t: TFn;
  lang: Lang;
  code: QrcodeDocument;
  articles: ArticlesLoad;
  circuits: CircuitsLoad;
  /** Reads the code again, after a save. */
  reload: () => Promise<void>;
};

/** What the code leads to now, the choice of an article or a circuit, and Save. */
export default function LinkEditor({ t, lang, code, articles, circuits, reload }: Props) {
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

  const chosen = picked === undefined ? code.id_article : picked;
  const chosenCircuit = pickedCircuit === undefined ? code.circuit_id : pickedCircuit;
  const linkedKind: Kind = code.circuit_id !== null ? 'circuit' : 'article';
  const shownKind = kind ?? linkedKind;
  const circuitsHref = localePath(lang, '/circuits');
  const linkedTitle =
    code.id_article === null
      ? null
      : articleLabel({
          id: code.id_article,
          unformatted_name: code.unformatted_name ?? '',
          public_title: code.public_title,
        });

  const send = async (target: { articleId: number } | { circuitId: number }) => {
    const result = await call(updateQrcode, { ...target, qrcodeId: code.id });
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
          {code.stop !== undefined && (
            <span className="qr-stop">{t('stops.label', { n: code.stop })}</span>
          )}
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
            <span>{option === 'article' ? t('qrcode.kindArticle') : t('qrcode.kindCircuit')}</span>
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
            chosenCircuit !== null && chosenCircuit === code.circuit_id ? code.circuit_title : null
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
  );
}
