import { useState } from 'react';
import { localePath, type Lang } from '../i18n/paths.ts';
import { useT } from '../i18n/react.ts';
import { call, postRoute } from './api.ts';
import { flash } from './flash.ts';
import { setLoggedOut } from './session.ts';
import { toast } from './toast.ts';

const logoutRoute = postRoute<Record<string, never>, unknown>('/logout');

/** POST /logout; on 200 the user lands on the home page of the current language. */
export default function LogoutButton({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const [busy, setBusy] = useState(false);

  const logout = async () => {
    setBusy(true);
    try {
      const { status } = await call(logoutRoute, {});
      if (status === 200) {
        setLoggedOut();
        flash('success', t('auth.logoutSuccess'));
        window.location.assign(localePath(lang, '/'));
        return;
      }
      toast.error(t('auth.logoutFailed'));
    } catch (error) {
      console.error('Logout failed', error);
      toast.error(t('auth.logoutFailed'));
    }
    setBusy(false);
  };

  return (
    <button
      type="button"
      className="button button--ghost"
      disabled={busy}
      onClick={() => void logout()}
    >
      {busy ? t('nav.loggingOut') : t('nav.logout')}
    </button>
  );
}

/**
 * The same button as the public pages draw it at build time, hidden: their plain script
 * (src/site/public-page.ts) shows it when someone is signed in and signs out with the words
 * carried here.
 */
export function ScriptedLogoutButton({ lang }: { lang: Lang }) {
  const t = useT(lang);
  return (
    <button
      type="button"
      className="button button--ghost"
      data-logout=""
      data-busy={t('nav.loggingOut')}
      data-done={t('auth.logoutSuccess')}
      data-failed={t('auth.logoutFailed')}
      hidden
    >
      {t('nav.logout')}
    </button>
  );
}
