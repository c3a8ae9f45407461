import { lazy, Suspense, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { usePersonal } from '../../lib/personal';
import { AccountMenu } from './account-menu.island';
import './account.css';

// The sign-in dialog's content loads when it is first opened (not on the first paint). ADR 0152.
const SignInDialog = lazy(() => import('./sign-in-form.lazy'));

// The header's profile menu: "Sign in" (a dialog with JavaScript, the sign-in screen without) or,
// when signed in, the account menu (./account-menu.tsx). A hole of document templates (ADR 0203).
function Menu() {
  const { account } = usePersonal();
  const location = useLocation();
  const dialog = useRef<HTMLDialogElement>(null);
  const [opened, setOpened] = useState(false);
  const here = location.pathname + location.search;
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
        {/* Its content (head and form) arrives with its code; Escape closes it meanwhile. */}
        <dialog ref={dialog} className="sign-in-dialog" aria-label="Sign in">
          {opened && (
            <Suspense fallback={<p>Loading…</p>}>
              <SignInDialog returnTo={here} onClose={() => dialog.current?.close()} />
            </Suspense>
          )}
        </dialog>
      </div>
    );
  }

  // Signed in: the account menu, an island (its code is not on the first load; ADR 0209).
  return <AccountMenu login={account.login} email={account.email} />;
}

// A hole of document templates on the server (ADR 0203).
export const ProfileMenu = import.meta.env.SSR
  ? (await import('../../lib/hole.server')).hole(Menu)
  : Menu;
