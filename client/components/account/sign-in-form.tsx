import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { safeReturnPath } from '../../../shared/safe-redirect';
import { signInErrorMessage } from '../../../shared/sign-in-messages';
import { apiFetch } from '../../lib/api';

// E-mail and password. With JavaScript the form sends them to the gateway's /auth/sign-in; without
// it, it posts to /social-login, whose action asks the gateway to sign in the same way. Either way
// only the gateway sets the token cookies, merges the guest cart, and the messages are the same
// (docs/decisions/0182).
export function SignInForm(props: { returnTo: string; error?: string | null; email?: string }) {
  const [error, setError] = useState<string | null>(props.error ?? null);
  const [busy, setBusy] = useState(false);
  // Refusals answered here, each of which takes the focus to its message (below).
  const [refusals, setRefusals] = useState(0);
  const message = useRef<HTMLParagraphElement>(null);
  const id = useId();
  // A refused sign-in: the focus was on the button, disabled meanwhile, so nowhere. It goes to
  // the message, which a screen reader then reads, inside the dialog when the form is in it; the
  // fields are one Shift+Tab away. Without JavaScript the message of the refused post's document
  // has `autofocus`. docs/decisions/0308.
  useEffect(() => {
    if (refusals > 0) message.current?.focus();
  }, [refusals]);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    const result = await apiFetch('/auth/sign-in', {
      method: 'POST',
      body: {
        email: String(form.get('email') ?? ''),
        password: String(form.get('password') ?? ''),
      },
    });
    if (result.ok) {
      // A full navigation: the page context (account) and the merged cart are loaded afresh.
      window.location.assign(safeReturnPath(props.returnTo));
      return;
    }
    setBusy(false);
    setError(signInErrorMessage(result.status, result.error.message, result.error.code));
    setRefusals((n) => n + 1);
  };
  return (
    <form
      method="post"
      action={`/social-login?returnTo=${encodeURIComponent(props.returnTo)}`}
      className="sign-in-form"
      onSubmit={(event) => void submit(event)}
      aria-describedby={error ? `${id}-error` : undefined}
    >
      <input type="hidden" name="intent" value="sign-in" />
      <input type="hidden" name="returnTo" value={props.returnTo} />
      <label htmlFor={`${id}-email`}>E-mail</label>
      <input
        id={`${id}-email`}
        name="email"
        type="email"
        autoComplete="username"
        required
        defaultValue={props.email}
      />
      <label htmlFor={`${id}-password`}>Password</label>
      <input
        id={`${id}-password`}
        name="password"
        type="password"
        autoComplete="current-password"
        required
      />
      {error && (
        <p
          id={`${id}-error`}
          className="form-error"
          role="alert"
          tabIndex={-1}
          ref={message}
          autoFocus
        >
          {error}
        </p>
      )}
      <button type="submit" disabled={busy}>
        {busy ? 'Signing in…' : 'Sign in'}
      </button>
      <p className="sign-in-links">
        <a href="/social-login?mode=register">Create an account</a> ·{' '}
        <a href="/social-login?mode=reset">Forgot your password?</a>
      </p>
    </form>
  );
}
