import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { localePath, type Lang } from '../../i18n/index.ts';
import { useT } from '../../i18n/react.ts';
import { call, errorCode, postRoute } from '../../ui/api.ts';
import { apiErrorMessage } from '../../ui/apiErrors.ts';
import { useHydrated } from '../../ui/browser.ts';
import { flash } from '../../ui/flash.ts';
import { formatDelay, retryAfterSeconds } from '../../ui/retryAfter.ts';
import { setLoggedIn, useSession } from '../../ui/session.ts';
import { toast } from '../../ui/toast.ts';
import type { LoginInput } from './schema.ts';

const loginRoute = postRoute<LoginInput, { email?: unknown }>('/login');

/** The sign-in form. Success goes to /dashboard in the page's language. */
export default function LoginForm({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const session = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  // Until hydration the form cannot work; keep it from submitting natively.
  const ready = useHydrated();
  const passwordRef = useRef<HTMLInputElement>(null);
  const leaving = useRef(false);
  const emailId = useId();
  const passwordId = useId();

  // Already logged in when the page opens: go straight to the dashboard.
  useEffect(() => {
    if (session.status === 'in' && !leaving.current) {
      window.location.replace(localePath(lang, '/dashboard'));
    }
  }, [session.status, lang]);

  const retryPassword = (message: string) => {
    toast.error(message);
    setPassword('');
    passwordRef.current?.focus();
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    try {
      const result = await call(loginRoute, { email, password });
      if (result.status === 200) {
        leaving.current = true;
        setLoggedIn(typeof result.answer?.email === 'string' ? result.answer.email : email);
        flash('success', t('auth.loginSuccess'));
        window.location.assign(localePath(lang, '/dashboard'));
        return; // stay busy while the next page loads
      }
      if (result.status === 401 || result.status === 400 || result.status === 422) {
        // A failed sign-in reads 'Email ou mot de passe invalide', never which of the two was
        // wrong. Bad input (an empty field) cannot be valid credentials either.
        retryPassword(t('auth.loginFailed'));
      } else if (result.status === 429 || errorCode(result) === 'sign_in_busy') {
        // Throttled, or the server is checking as many passwords as it may (sign_in_busy).
        const seconds = retryAfterSeconds(result.headers.get('Retry-After'));
        toast.error(
          seconds === null
            ? t('auth.throttledNoDelay')
            : t('auth.throttled', { delay: formatDelay(seconds, lang) }),
        );
      } else {
        // Any other refusal (the database out of reach, a cross-site request…) in the
        // interface's language, by its code (src/ui/apiErrors.ts).
        toast.error(apiErrorMessage(t, result));
      }
    } catch (error) {
      console.error('Sign-in request failed', error);
      toast.error(t('common.networkError'));
    }
    setBusy(false);
  };

  return (
    <form className="form" method="post" onSubmit={(event) => void submit(event)}>
      <div className="field">
        <label htmlFor={emailId}>{t('auth.email')}</label>
        <input
          id={emailId}
          name="email"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </div>
      <div className="field">
        <label htmlFor={passwordId}>{t('auth.password')}</label>
        <input
          id={passwordId}
          ref={passwordRef}
          name="password"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </div>
      <button type="submit" className="button button--primary" disabled={!ready || busy}>
        {busy ? t('auth.submitting') : t('auth.submit')}
      </button>
    </form>
  );
}
