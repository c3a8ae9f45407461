import { Form, Link, useNavigation } from 'react-router';
import { href } from '../../../shared/href';
import { useDoneFocus } from '../forms/done-focus';
import { FormField, FormProblem } from '../forms/form-field';
import { useRefusalFocus } from '../forms/refusal-focus';
import { AccountDone } from './account-done';
import type { AccountFormResult } from './account-form-result';
import { NewPasswordField } from './new-password-field';

// The reset e-mail's page: a new password typed twice. Success signs out every session of the
// account (uaa), so the next step is signing in with the new password. A link uaa refuses (used,
// expired) leaves no form to send again, only the way to a new link (docs/decisions/0377).
export function NewPasswordForm({ result }: { result: AccountFormResult | undefined }) {
  const busy = useNavigation().state === 'submitting';
  const scope = useRefusalFocus<HTMLFormElement>(result);
  const problem = useRefusalFocus<HTMLDivElement>(result);
  const panel = useDoneFocus<HTMLDivElement>();
  const askAgain = (
    <Link to={href('social-login', {}, { mode: 'reset' })}>Ask for a new reset link</Link>
  );
  if (result?.done) {
    return (
      <AccountDone panel={panel}>
        <p>{result.message}</p>
        <p>
          <Link to={href('social-login')} className="button primary">
            Sign in
          </Link>
        </p>
      </AccountDone>
    );
  }
  if (result?.linkRefused) {
    return (
      <div className="account-problem" ref={problem}>
        <FormProblem message={result.formError} />
        <p>{askAgain}</p>
      </div>
    );
  }
  const errors = result?.fieldErrors ?? {};
  return (
    <Form method="post" className="account-form" ref={scope}>
      <input type="hidden" name="intent" value="reset-finish" />
      <NewPasswordField
        form="reset"
        name="newPassword"
        label="New password"
        error={errors.newPassword}
      />
      <FormField
        form="reset"
        name="confirmPassword"
        label="New password, again"
        type="password"
        required
        autoComplete="new-password"
        maxLength={200}
        error={errors.confirmPassword}
      />
      {result?.formError ? (
        <div>
          <FormProblem message={result.formError} />
          <p>{askAgain}</p>
        </div>
      ) : null}
      <button type="submit" className="button primary" disabled={busy}>
        {busy ? 'Saving…' : 'Save my new password'}
      </button>
    </Form>
  );
}
