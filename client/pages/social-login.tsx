import { TITLES } from '../components/account/social-login-modes';
import type { SignInFormResult } from '../components/account/sign-in-action.server';
import { SignInForm } from '../components/account/sign-in-form';
import { SocialButtons } from '../components/account/social-buttons';
import { GuestCheckoutOffer } from '../components/guest-checkout/guest-checkout-offer';
import { resultFor } from '../components/registration/account-form-result';
import { RegisterForm } from '../components/registration/register-form';
import { ResetRequestForm } from '../components/registration/reset-request-form';
import { DevMailboxNote } from '../components/registration/dev-mailbox-note';
import type { Route } from '../routes/+types/social-login';

export default function SocialLoginScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { returnTo, mode } = loaderData;
  if (mode !== 'sign-in') {
    const signInLink = `/social-login?returnTo=${encodeURIComponent(returnTo)}`;
    return (
      <section className="sign-in-screen account-screen" aria-labelledby="screen-title">
        <h1 id="screen-title">{TITLES[mode]}</h1>
        {mode === 'register' ? (
          <RegisterForm result={resultFor(actionData, 'register')} signInLink={signInLink} />
        ) : (
          <ResetRequestForm
            result={resultFor(actionData, 'reset-request')}
            signInLink={signInLink}
          />
        )}
        {loaderData.devMailbox && <DevMailboxNote />}
      </section>
    );
  }
  const result = actionData && 'message' in actionData ? (actionData as SignInFormResult) : null;
  const socialError = result?.intent === 'social' ? result.message : loaderData.socialError;
  return (
    <section className="sign-in-screen" aria-labelledby="screen-title">
      <h1 id="screen-title">Sign in</h1>
      {socialError && (
        <p className="form-error" role="alert">
          {socialError}
        </p>
      )}
      <SocialButtons providers={loaderData.providers} returnTo={returnTo} />
      <SignInForm
        returnTo={returnTo}
        error={result?.intent === 'sign-in' ? result.message : null}
        email={result?.email}
      />
      <GuestCheckoutOffer returnTo={returnTo} />
      {loaderData.devMailbox && <DevMailboxNote />}
    </section>
  );
}
