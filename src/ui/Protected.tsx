import { useEffect, type ReactNode } from 'react';
import { localePath, type Lang } from '../i18n/paths.ts';
import { useT } from '../i18n/react.ts';
import { useSession } from './session.ts';

/**
 * Shows its children only to a logged-in user. Until the session check answers it shows a
 * loading status; a logged-out visitor is sent to /login and never sees the children.
 */
export default function Protected({ lang, children }: { lang: Lang; children?: ReactNode }) {
  const t = useT(lang);
  const session = useSession();

  const redirect = session.status === 'out' && !session.loggedOutHere;
  useEffect(() => {
    if (redirect) location.replace(localePath(lang, '/login'));
  }, [redirect, lang]);

  if (session.status === 'in') return <>{children}</>;
  return (
    <p className="status-line" role="status">
      {t(redirect ? 'common.redirecting' : 'common.loading')}
    </p>
  );
}
