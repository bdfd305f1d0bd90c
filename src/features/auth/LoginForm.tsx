import { useEffect, useId, useRef, useState, type SubmitEvent } from 'react';
import { localePath, type Lang } from '../../i18n/paths.ts';
import { useT, type TFn } from '../../i18n/react.ts';
import { call, errorCode, postRoute, type CallResult } from '../../ui/api.ts';
import { apiErrorMessage } from '../../ui/apiErrors.ts';
import { useHydrated } from '../../ui/browser.ts';
import { flash } from '../../ui/flash.ts';
import { formatDelay, retryAfterSeconds } from '../../ui/retryAfter.ts';
import { setLoggedIn, useSession } from '../../ui/session.ts';
import type { LoginInput } from './schema.ts';

const loginRoute = postRoute<LoginInput, { email?: unknown }>('/login');

/** Why a refused sign-in failed, in the interface's language. */
function refusal(t: TFn, lang: Lang, result: CallResult<{ email?: unknown }>): string {
  if (result.status === 401 || result.status === 400 || result.status === 422) {
    // 'Email ou mot de passe invalide', never which of the two was wrong. Bad input (an
    // address that is not one) cannot be valid credentials either.
    return t('auth.loginFailed');
  }
  if (result.status === 429 || errorCode(result) === 'sign_in_busy') {
    // Throttled, or the server is checking as many passwords as it may (sign_in_busy).
    const seconds = retryAfterSeconds(result.headers.get('Retry-After'));
    return seconds === null
      ? t('auth.throttledNoDelay')
      : t('auth.throttled', { delay: formatDelay(seconds, lang) });
  }
  // Any other refusal (the database out of reach, a cross-site request…) by its code.
  return apiErrorMessage(t, result);
}

/**
 * The sign-in form. Success goes to /dashboard in the page's language. The fields are the
 * browser's own (uncontrolled): what someone types before the page has finished loading stays
 * there and is what is sent. Why a sign-in failed is said in the form itself, not in a toast that
 * may not be on the page yet.
 */
export default function LoginForm({ lang }: { lang: Lang }) {
  const t = useT(lang);
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  // Until hydration the form cannot work; keep it from submitting natively.
  const ready = useHydrated();
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const leaving = useRef(false);
  const emailId = useId();
  const passwordId = useId();
  const problemId = useId();

  // Already logged in when the page opens: go straight to the dashboard.
  useEffect(() => {
    if (session.status === 'in' && !leaving.current) {
      window.location.replace(localePath(lang, '/dashboard'));
    }
  }, [session.status, lang]);

  const fail = (message: string, field: HTMLInputElement | null, clear = false) => {
    setProblem(message);
    if (field && clear) field.value = '';
    field?.focus();
  };

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy) return;
    const email = emailRef.current?.value ?? '';
    const password = passwordRef.current?.value ?? '';
    const noEmail = email.trim() === '';
    if (noEmail || password === '') {
      const missing =
        password !== ''
          ? 'auth.emailMissing'
          : noEmail
            ? 'auth.fieldsMissing'
            : 'auth.passwordMissing';
      fail(t(missing), noEmail ? emailRef.current : passwordRef.current);
      return;
    }
    setBusy(true);
    setProblem(null);
    try {
      const result = await call(loginRoute, { email, password });
      if (result.status === 200) {
        leaving.current = true;
        setLoggedIn(typeof result.answer?.email === 'string' ? result.answer.email : email);
        flash('success', t('auth.loginSuccess'));
        window.location.assign(localePath(lang, '/dashboard'));
        return; // stay busy while the next page loads
      }
      // Wrong credentials: the password is typed again; otherwise both are kept for a retry.
      const wrong = [400, 401, 422].includes(result.status);
      fail(refusal(t, lang, result), wrong ? passwordRef.current : null, wrong);
    } catch (error) {
      console.error('Sign-in request failed', error);
      fail(t('common.networkError'), null);
    }
    setBusy(false);
  };

  return (
    <form
      className="form"
      method="post"
      noValidate
      aria-describedby={problem === null ? undefined : problemId}
      onSubmit={(event) => void submit(event)}
    >
      <div className="field">
        <label htmlFor={emailId}>{t('auth.email')}</label>
        <input id={emailId} ref={emailRef} name="email" type="email" autoComplete="username" />
      </div>
      <div className="field">
        <label htmlFor={passwordId}>{t('auth.password')}</label>
        <input
          id={passwordId}
          ref={passwordRef}
          name="password"
          type="password"
          autoComplete="current-password"
        />
      </div>
      {/* Always in the page, so a screen reader announces each new message. */}
      <p id={problemId} className="form__problem" role="alert">
        {problem}
      </p>
      <button type="submit" className="button button--primary" disabled={!ready || busy}>
        {busy ? t('auth.submitting') : t('auth.submit')}
      </button>
    </form>
  );
}
