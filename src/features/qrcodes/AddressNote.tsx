import type { TFn } from '../../i18n/react.ts';
import type { QrcodeDocument } from './schema.ts';

/**
 * Said above the codes while PUBLIC_SITE_URL is unset (the server marks each code
 * `address_unset`): their address is this machine's own, which visitors' phones cannot open,
 * so a code printed now would lead nowhere.
 */
export default function AddressNote({ t, codes }: { t: TFn; codes: readonly QrcodeDocument[] }) {
  const local = codes.find((code) => code.address_unset);
  if (!local) return null;
  return (
    <div className="qr-address-note" role="note">
      <p className="qr-address-note__text">
        {t('qrcodes.addressUnset', { site: new URL(local.url).origin })}
      </p>
      <p className="qr-address-note__text">
        {t('qrcodes.addressHow')} <code>PUBLIC_SITE_URL=https://…</code>
      </p>
    </div>
  );
}
