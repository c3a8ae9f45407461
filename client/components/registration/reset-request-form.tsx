import { Form, Link, useNavigation } from 'react-router';
import { useDoneFocus } from '../forms/done-focus';
import { FormField, FormProblem } from '../forms/form-field';
import { useRefusalFocus } from '../forms/refusal-focus';
import { CheckYourEmail, type AccountFormProps } from './check-your-email';

// "Forgot your password?": the e-mail goes to uaa, which mails a reset link if it knows the
// account. The answer is the same either way (see sign-up-action.server.ts).
export function ResetRequestForm({ result, signInLink }: AccountFormProps) {
  const busy = useNavigation().formData?.get('intent') === 'reset-request';
  const scope = useRefusalFocus<HTMLFormElement>(result);
  const panel = useDoneFocus<HTMLDivElement>();
  if (result?.done)
    return <CheckYourEmail message={result.message} signInLink={signInLink} panel={panel} />;
  return (
    <Form method="post" className="account-form" ref={scope}>
      <input type="hidden" name="intent" value="reset-request" />
      <p>
        Enter the e-mail address of your account and we will send you a link to choose a new
        password.
      </p>
      <FormField
        form="reset-request"
        name="email"
        label="E-mail"
        type="email"
        required
        autoComplete="email"
        maxLength={254}
        defaultValue={result?.values?.email}
        error={result?.fieldErrors.email}
      />
      <FormProblem message={result?.formError} />
      <button type="submit" className="button primary" disabled={busy}>
        {busy ? 'Sending…' : 'Send me a reset link'}
      </button>
      <p className="sign-in-links">
        <Link to={signInLink}>Back to sign in</Link>
      </p>
    </Form>
  );
}
