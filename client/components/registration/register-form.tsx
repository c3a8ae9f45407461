import { Form, Link, useNavigation } from 'react-router';
import { useDoneFocus } from '../forms/done-focus';
import { FormField, FormProblem } from '../forms/form-field';
import { useRefusalFocus } from '../forms/refusal-focus';
import { CheckYourEmail, type AccountFormProps } from './check-your-email';
import { NewPasswordField } from './new-password-field';

// "Create an account" on the sign-in screen. A plain form post to the screen's action, which asks
// uaa to register and send the activation e-mail; the password is never shown back.
export function RegisterForm({ result, signInLink }: AccountFormProps) {
  const busy = useNavigation().formData?.get('intent') === 'register';
  const scope = useRefusalFocus<HTMLFormElement>(result);
  const panel = useDoneFocus<HTMLDivElement>();
  if (result?.done)
    return <CheckYourEmail message={result.message} signInLink={signInLink} panel={panel} />;
  const errors = result?.fieldErrors ?? {};
  const values = result?.values ?? {};
  return (
    <Form method="post" className="account-form" aria-label="Create an account" ref={scope}>
      <input type="hidden" name="intent" value="register" />
      <FormField
        form="register"
        name="firstName"
        label="First name"
        required
        autoComplete="given-name"
        maxLength={100}
        defaultValue={values.firstName}
        error={errors.firstName}
      />
      <FormField
        form="register"
        name="lastName"
        label="Last name"
        required
        autoComplete="family-name"
        maxLength={100}
        defaultValue={values.lastName}
        error={errors.lastName}
      />
      <FormField
        form="register"
        name="email"
        label="E-mail"
        type="email"
        required
        autoComplete="email"
        maxLength={254}
        defaultValue={values.email}
        error={errors.email}
      />
      <NewPasswordField form="register" name="password" label="Password" error={errors.password} />
      <FormProblem message={result?.formError} />
      <button type="submit" className="button primary" disabled={busy}>
        {busy ? 'Creating your account…' : 'Create my account'}
      </button>
      <p className="sign-in-links">
        Already have an account? <Link to={signInLink}>Sign in</Link>
      </p>
    </Form>
  );
}
