import { resultFor } from '../components/registration/account-form-result';
import { ActivationPanel } from '../components/registration/activation-panel';
import type { Route } from '../routes/+types/account-activation';

export default function AccountActivationScreen({ actionData }: Route.ComponentProps) {
  return (
    <section className="account-screen" aria-labelledby="screen-title">
      <h1 id="screen-title">Activate your account</h1>
      <ActivationPanel result={resultFor(actionData, 'activate')} />
    </section>
  );
}
