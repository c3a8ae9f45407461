import { data, redirect, useLocation } from 'react-router';
import { safeReturnPath } from '../../shared/safe-redirect';
import { SignInForm } from '../components/account/sign-in-form';
import '../components/account/account.css';
import { RouteErrorScreen } from '../components/error-screens';
import { guardRoute } from '../lib/route-guard.server';
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

// Reached only by the form without JavaScript: the password is never read or kept here.
export function action() {
  return data({ needsJavaScript: true }, { status: 400 });
}

export const meta: Route.MetaFunction = () => [{ title: 'Sign in' }, { name: 'robots', content: 'noindex' }];

const NOT_YET: Record<Exclude<Mode, 'sign-in'>, { title: string; text: string }> = {
  register: { title: 'Create an account', text: 'Registration opens here soon. Until then, you can shop as a guest and keep your cart.' },
  reset: { title: 'Reset your password', text: 'Password reset opens here soon. Please contact the shop if you cannot sign in.' },
};

export default function SocialLoginScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { returnTo, mode } = loaderData;
  if (mode !== 'sign-in') {
    return (
      <section className="sign-in-screen" aria-labelledby="screen-title">
        <h1 id="screen-title">{NOT_YET[mode].title}</h1>
        <p>{NOT_YET[mode].text}</p>
        <p>
          <a href={`/social-login?returnTo=${encodeURIComponent(returnTo)}`}>Back to sign in</a>
        </p>
      </section>
    );
  }
  return (
    <section className="sign-in-screen" aria-labelledby="screen-title">
      <h1 id="screen-title">Sign in</h1>
      {actionData?.needsJavaScript && (
        <p className="form-error" role="alert">
          Signing in needs JavaScript. Please turn it on and try again; your cart is kept.
        </p>
      )}
      <noscript>
        <p>Signing in needs JavaScript in this shop. You can still browse and fill your cart without it.</p>
      </noscript>
      <SignInForm returnTo={returnTo} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
