import { resultFor } from '../components/registration/account-form-result';
import { NewPasswordForm } from '../components/registration/new-password-form';
import type { Route } from '../routes/+types/password-reset';

export default function PasswordResetScreen({ actionData }: Route.ComponentProps) {
  return (
    <section className="account-screen" aria-labelledby="screen-title">
      <h1 id="screen-title">Choose a new password</h1>
      <NewPasswordForm result={resultFor(actionData, 'reset-finish')} />
    </section>
  );
}
