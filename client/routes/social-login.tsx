import { data, redirect, useLocation } from 'react-router';
import { safeReturnPath } from '../../shared/safe-redirect';
import { SignInForm } from '../components/account/sign-in-form';
import '../components/account/account.css';
import { RouteErrorScreen } from '../components/error-screens';
import { resultFor } from '../components/registration/account-form-result';
import { RegisterForm } from '../components/registration/register-form';
import { ResetRequestForm } from '../components/registration/reset-request-form';
import { signUpAction } from '../components/registration/sign-up-action.server';
import { guardRoute } from '../lib/route-guard.server';
import '../styles/checkout.css';
import '../styles/profile.css';
import type { Route } from './+types/social-login';

// The sign-in screen, where the `auth` middleware sends a signed-out visitor (?returnTo=). Signing
// in runs in the browser against the gateway, which alone sets the token cookies (docs/decisions/0082).
type Mode = 'sign-in' | 'register' | 'reset';
const MODES: readonly Mode[] = ['sign-in', 'register', 'reset'];

export function loader(args: Route.LoaderArgs) {
  guardRoute('social-login', args);
  const query = new URL(args.request.url).searchParams;
  const returnTo = safeReturnPath(query.get('returnTo'));
  if (args.context.isLoggedIn) throw redirect(returnTo);
  const mode = MODES.find((m) => m === query.get('mode')) ?? 'sign-in';
  return { returnTo, mode };
}

// Registration and the reset request post here with their intent and are handled on the server
// (client/components/registration). The sign-in form posts here only without JavaScript: its
// password is never read or kept here.
export async function action(args: Route.ActionArgs) {
  guardRoute('social-login', args);
  const accountForm = await signUpAction(args.context, await args.request.formData());
  return accountForm ?? data({ needsJavaScript: true }, { status: 400 });
}

const TITLES: Record<Mode, string> = {
  'sign-in': 'Sign in',
  register: 'Create an account',
  reset: 'Reset your password',
};

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: TITLES[loaderData?.mode ?? 'sign-in'] },
  { name: 'robots', content: 'noindex' },
];

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
      </section>
    );
  }
  return (
    <section className="sign-in-screen" aria-labelledby="screen-title">
      <h1 id="screen-title">Sign in</h1>
      {actionData && 'needsJavaScript' in actionData && (
        <p className="form-error" role="alert">
          Signing in needs JavaScript. Please turn it on and try again; your cart is kept.
        </p>
      )}
      <noscript>
        <p>
          Signing in needs JavaScript in this shop. You can still browse and fill your cart without
          it.
        </p>
      </noscript>
      <SignInForm returnTo={returnTo} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
