import { Form, Link, useNavigation } from 'react-router';
import { href } from '../../../shared/href';
import { useDoneFocus } from '../forms/done-focus';
import { FormProblem } from '../forms/form-field';
import { useRefusalFocus } from '../forms/refusal-focus';
import { AccountDone } from './account-done';
import type { AccountFormResult } from './account-form-result';

// The activation e-mail's page. Opening the link changes nothing (mail scanners and link previews
// open links too); the shopper's press of the button posts the key (docs/decisions/0110).
export function ActivationPanel({ result }: { result: AccountFormResult | undefined }) {
  const busy = useNavigation().state === 'submitting';
  const panel = useDoneFocus<HTMLDivElement>();
  // A refused link: the message takes the focus the pressed button had (it is gone).
  const problem = useRefusalFocus<HTMLDivElement>(result);
  const signIn = href('social-login');
  if (result?.done) {
    return (
      <AccountDone panel={panel}>
        <p>{result.message}</p>
        <p>
          <Link to={signIn} className="button primary">
            Sign in
          </Link>
        </p>
      </AccountDone>
    );
  }
  if (result?.formError) {
    return (
      <div className="account-problem" ref={problem}>
        <FormProblem message={result.formError} />
        <p>
          <Link to={signIn}>Sign in</Link> ·{' '}
          <Link to={href('social-login', {}, { mode: 'register' })}>Create an account</Link>
        </p>
      </div>
    );
  }
  return (
    <Form method="post" className="account-form">
      <p>
        Welcome! One last step: activate your account, then sign in with your e-mail and password.
      </p>
      <button
        type="submit"
        name="intent"
        value="activate"
        className="button primary"
        disabled={busy}
      >
        {busy ? 'Activating…' : 'Activate my account'}
      </button>
    </Form>
  );
}
