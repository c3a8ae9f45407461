import { data, redirect } from 'react-router';
import { safeReturnPath } from '../../shared/safe-redirect';
import { sessionFormAction } from '../components/account/sign-in-action.server';
import { socialErrorMessage } from '../../shared/social-sign-in';
import '../components/account/account.css';
import { signUpAction } from '../components/registration/sign-up-action.server';
import { guardRoute } from '../lib/route-guard.server';
import '../styles/forms.css';
import '../styles/profile.css';
import type { Route } from './+types/social-login';
import { page } from '../lib/island';
import { loaderMeta, withMeta } from '../lib/seo';
import { TITLES, type Mode } from '../components/account/social-login-modes';

// The sign-in screen, where the `auth` middleware sends a signed-out visitor (?returnTo=): "Continue
// with" a configured provider, e-mail and password, registration and reset. Every form works
// without JavaScript; the gateway alone sets the token cookies (docs/decisions/0182).
const MODES: readonly Mode[] = ['sign-in', 'register', 'reset'];

export async function loader(args: Route.LoaderArgs) {
  await guardRoute('social-login', args);
  const query = new URL(args.request.url).searchParams;
  const returnTo = safeReturnPath(query.get('returnTo'));
  await args.context.visitorReady;
  if (args.context.isLoggedIn) throw redirect(returnTo);
  const mode = MODES.find((m) => m === query.get('mode')) ?? 'sign-in';
  const providers = args.context.socialProviders.map(({ id, name }) => ({ id, name }));
  // A provider's sign-in that failed comes back here with ?error=<code>&provider=<id>.
  const providerName = providers.find((p) => p.id === query.get('provider'))?.name ?? null;
  const socialError = socialErrorMessage(query.get('error'), providerName);
  // The title travels with the data (loaderMeta): the titles stay off the first load (ADR 0209).
  const { devMailbox } = args.context;
  return withMeta(
    args.context,
    { returnTo, mode, providers, socialError, devMailbox },
    ({ mode }) => [{ title: TITLES[mode] }, { name: 'robots', content: 'noindex' }],
  );
}

// Every form of the screen posts here with its intent: registration and the reset request
// (client/components/registration), sign-in without JavaScript, sign-out, "Continue with".
export async function action(args: Route.ActionArgs) {
  await guardRoute('social-login', args);
  const form = await args.request.formData();
  const accountForm = await signUpAction(args.context, form);
  if (accountForm) return accountForm;
  const sessionForm = await sessionFormAction(args.context, args.request, form);
  return sessionForm ?? data({ intent: 'unknown' }, { status: 400 });
}

export const meta: Route.MetaFunction = loaderMeta;

const pageCode = () => import('../pages/social-login');
const Page = page(pageCode, import.meta.env.SSR ? await pageCode() : null);
export { Page as default }; // not wrapped by React Router: page() reads the route's props

export { RouteErrorBoundary as ErrorBoundary } from '../components/error-screens';
