import { SignInForm } from './sign-in-form';

// The sign-in dialog's content as the profile menu loads it, on first open: its head (title and
// close button; ADR 0209) and the form. The sign-in page renders the same form statically
// (routes/social-login.tsx); only this module is imported dynamically, so the bundler sees one
// lazy entry and keeps the form out of the first load (issue #11 item 3). The default export is
// what React's lazy() takes.
export default function SignInDialog({
  returnTo,
  onClose,
}: {
  returnTo: string;
  onClose: () => void;
}) {
  return (
    <>
      <div className="dialog-head">
        <h2>Sign in</h2>
        <button type="button" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </div>
      <SignInForm returnTo={returnTo} />
    </>
  );
}
