import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { appLink } from '../../lib/app-links';
import { usePageContext } from '../../lib/page-context';
import './account.css';

// The sign-in form's code loads when the dialog is first opened (not on the first paint). ADR 0152.
const SignInForm = lazy(() =>
  import('./sign-in-form.lazy').then((m) => ({ default: m.SignInForm })),
);

// The header's profile menu: "Sign in" (a dialog with JavaScript, the sign-in screen without) or,
// when signed in, the account and its links plus "Sign out".
export function ProfileMenu() {
  const context = usePageContext();
  const location = useLocation();
  const dialog = useRef<HTMLDialogElement>(null);
  const [opened, setOpened] = useState(false);
  const menu = useRef<HTMLDetailsElement>(null);
  const account = context?.userAccount;
  const here = `${location.pathname}${location.search}`;
  // The menu closes once an item is chosen (issue #9): on every navigation.
  useEffect(() => {
    menu.current?.removeAttribute('open');
  }, [location.key]);

  if (!account) {
    return (
      <div className="profile-menu">
        <a
          href={`/social-login?returnTo=${encodeURIComponent(here)}`}
          className="sign-in-button"
          aria-haspopup="dialog"
          onClick={(event) => {
            event.preventDefault();
            setOpened(true);
            dialog.current?.showModal();
          }}
        >
          Sign in
        </a>
        <dialog ref={dialog} className="sign-in-dialog" aria-labelledby="sign-in-title">
          <div className="dialog-head">
            <h2 id="sign-in-title">Sign in</h2>
            <button type="button" aria-label="Close" onClick={() => dialog.current?.close()}>
              ×
            </button>
          </div>
          {opened && (
            <Suspense fallback={<p>Loading…</p>}>
              <SignInForm returnTo={here} />
            </Suspense>
          )}
        </dialog>
      </div>
    );
  }

  // "Sign out" is a form post to /social-login, with or without JavaScript: its action revokes
  // the session, clears the cookies and sends the page home, which loads everything again as a
  // visitor (what a fetch to /auth/sign-out and a load of "/" did, without the API client's code
  // on the first load; ADR 0209).
  const name = account.login ?? account.email ?? 'Your account';
  return (
    <details className="profile-menu" ref={menu}>
      <summary aria-label={`Account menu of ${name}`}>
        <span className="profile-name">{name}</span>
        <span className="profile-short" aria-hidden="true">
          Account
        </span>
      </summary>
      <ul className="profile-links">
        {account.email && account.email !== name && (
          <li className="profile-email">{account.email}</li>
        )}
        <li>
          <a href="/orders" {...appLink}>
            Orders
          </a>
        </li>
        <li>
          <a href="/profile" {...appLink}>
            Profile
          </a>
        </li>
        <li>
          <a href="/shopping-lists" {...appLink}>
            Shopping lists
          </a>
        </li>
        <li>
          <form method="post" action="/social-login">
            <input type="hidden" name="intent" value="sign-out" />
            <button type="submit">Sign out</button>
          </form>
        </li>
      </ul>
    </details>
  );
}
