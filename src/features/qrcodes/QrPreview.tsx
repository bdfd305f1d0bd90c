import { useEffect, useId, useRef, useState } from 'react';
import type { TFn } from '../../i18n/react.ts';
import { toast } from '../../ui/toast.ts';
import QrColours from './QrColours.tsx';
import {
  colourOptions,
  createQrCode,
  DEFAULT_COLOURS,
  DEFAULT_EXTENSION,
  downloadName,
  EXTENSIONS,
  isExtension,
  type Colours,
  type QrCode,
} from './qrImage.ts';

type Props = { t: TFn; url: string; link: string };

const EXTENSION_NAMES: Record<string, string> = {
  png: 'PNG',
  svg: 'SVG',
  jpeg: 'JPEG',
  webp: 'WebP',
};

/**
 * The QR image of the printed address and its download in a chosen format (PNG by
 * default) and colours (black on white by default, or white on black). Mount it with `key={url}`: the image is drawn once per address.
 */
export default function QrPreview({ t, url, link }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [code, setCode] = useState<QrCode | null>(null);
  const [failed, setFailed] = useState(false);
  const [extension, setExtension] = useState<string>(DEFAULT_EXTENSION);
  const [colours, setColours] = useState<Colours>(DEFAULT_COLOURS);
  const [downloading, setDownloading] = useState(false);
  const formatId = `${useId()}-format`;

  useEffect(() => {
    const container = box.current;
    let cancelled = false;
    createQrCode(url).then(
      (qr) => {
        if (cancelled || !container) return;
        qr.append(container);
        setCode(qr);
      },
      (error: unknown) => {
        console.error('Drawing the QR code failed', error);
        if (!cancelled) setFailed(true);
      },
    );
    return () => {
      cancelled = true;
      container?.replaceChildren();
    };
  }, [url]);

  /** The preview shows the colours chosen, and the download is that picture. */
  const chooseColours = (next: Colours) => {
    setColours(next);
    code?.update(colourOptions(next));
  };

  const download = async () => {
    if (!code || !isExtension(extension)) return;
    setDownloading(true);
    try {
      await code.download({ name: downloadName(link, colours), extension });
    } catch (error) {
      console.error('Downloading the QR code failed', error);
      toast.error(t('qrcode.downloadFailed'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <div className="qr-preview">
      <div
        ref={box}
        className="qr-preview__image"
        data-colours={colours}
        role="img"
        aria-label={t('qrcode.preview', { url })}
        aria-busy={code === null && !failed}
      />
      {failed && <p className="qr-field-error">{t('qrcode.downloadFailed')}</p>}
      <p className="qr-preview__address">
        <span className="muted">{t('qrcode.address')}</span>{' '}
        <span className="qr-preview__url">{url}</span>
      </p>
      <div className="qr-download">
        <QrColours t={t} value={colours} onChange={chooseColours} />
        <div className="qr-download__field">
          <label htmlFor={formatId}>{t('qrcode.format')}</label>
          <select
            id={formatId}
            value={extension}
            onChange={(event) => setExtension(event.target.value)}
          >
            {EXTENSIONS.map((value) => (
              <option key={value} value={value}>
                {EXTENSION_NAMES[value] ?? value}
              </option>
            ))}
          </select>
        </div>
        <button
          type="button"
          className="button button--ghost"
          disabled={code === null || downloading}
          onClick={() => void download()}
        >
          {t('qrcode.download')}
        </button>
      </div>
    </div>
  );
}
