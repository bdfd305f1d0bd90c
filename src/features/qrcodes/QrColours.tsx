import { useId } from 'react';
import type { TFn } from '../../i18n/react.ts';
import { COLOURS, isColours, type Colours } from './qrImage.ts';

const LABELS: Record<Colours, 'qrcode.coloursLightOnDark' | 'qrcode.coloursDarkOnLight'> = {
  'light-on-dark': 'qrcode.coloursLightOnDark',
  'dark-on-light': 'qrcode.coloursDarkOnLight',
};

type Props = { t: TFn; value: Colours; onChange: (colours: Colours) => void };

/**
 * The colours of a QR image: black on white (the default), which every scanner reads, or white
 * on black, with its warning (some scanners read light on dark only once they think of
 * inverting it); used by the download choices and the print sheet.
 */
export default function QrColours({ t, value, onChange }: Props) {
  const id = useId();
  // A fragment: the hint takes a line of its own in the row of choices around it.
  return (
    <>
      <div className="qr-download__field qr-colours">
        <label htmlFor={`${id}-colours`}>{t('qrcode.colours')}</label>
        <select
          id={`${id}-colours`}
          aria-describedby={`${id}-hint`}
          value={value}
          onChange={(event) => {
            if (isColours(event.target.value)) onChange(event.target.value);
          }}
        >
          {COLOURS.map((colours) => (
            <option key={colours} value={colours}>
              {t(LABELS[colours])}
            </option>
          ))}
        </select>
      </div>
      <p id={`${id}-hint`} className="qr-colours__hint muted">
        {t('qrcode.coloursHint')}
      </p>
    </>
  );
}
