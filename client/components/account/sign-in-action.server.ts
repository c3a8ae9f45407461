import { data, redirect, type AppLoadContext } from 'react-router';
import { safeReturnPath } from '../../../shared/safe-redirect';
import { CREDENTIALS_REFUSED, signInErrorMessage } from '../../../shared/sign-in-messages';
import { socialErrorMessage } from '../../../shared/social-sign-in';
import { SIGNED_OUT_HOME } from './signed-out.server';
import { SocialLoginForms } from './social-login-forms.server';

// The sign-in screen's session forms, posted without JavaScript (and "Continue with", always a
// form post): sign in, sign out, start a provider's sign-in. The gateway does the work through
// the load context and alone sets or clears the token cookies (docs/decisions/0182).
export type SignInFormResult = { intent: 'sign-in' | 'social'; message: string; email?: string };

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/** The answer to a session form post, or null when the post is another form of the screen. */
export async function sessionFormAction(context: AppLoadContext, request: Request, form: FormData) {
  const intent = field(form, 'intent');
  const returnTo = safeReturnPath(
    field(form, 'returnTo') || new URL(request.url).searchParams.get('returnTo'),
  );
  if (intent === 'sign-out') {
    await context.session.signOut();
    throw redirect(SIGNED_OUT_HOME, 303);
  }
  if (intent === 'social') {
    const { provider: providerId } = SocialLoginForms.forms.social.parse({
      provider: field(form, 'provider'),
    });
    const started = await context.session.startSocial(providerId, returnTo);
    if (started.ok) throw redirect(started.url, 303);
    // A host that is no shop (421) or a shop whose context failed: the page's own answer.
    if (started.failure)
      throw data({ message: started.failure.message }, { status: started.failure.status });
    const name = context.socialProviders.find((p) => p.id === providerId)?.name ?? null;
    return data<SignInFormResult>(
      { intent: 'social', message: socialErrorMessage(started.code, name) ?? '' },
      { status: started.code === 'unknown_provider' ? 400 : 503 },
    );
  }
  if (intent !== 'sign-in' && intent !== '') return null;
  // The sign-in bucket of the visitor's address, the one /auth/sign-in counts in: registrations
  // and resets from the same address never use it up (docs/decisions/0242).
  const allowed = await context.limit('sign-in');
  if (!allowed.ok) {
    return data<SignInFormResult>(
      {
        intent: 'sign-in',
        message: `Too many sign-in attempts from your address; try again in ${allowed.retryAfter} s.`,
        email: field(form, 'email').trim(),
      },
      { status: 429, headers: { 'retry-after': String(allowed.retryAfter) } },
    );
  }

  const email = field(form, 'email').trim();
  const credentials = SocialLoginForms.forms['sign-in'].safeParse({
    email,
    password: field(form, 'password'),
  });
  if (!credentials.success) {
    return data<SignInFormResult>(
      { intent: 'sign-in', message: CREDENTIALS_REFUSED, email },
      { status: 400 },
    );
  }
  const result = await context.session.signIn(credentials.data.email, credentials.data.password);
  if (result.ok) throw redirect(returnTo, 303);
  return data<SignInFormResult>(
    { intent: 'sign-in', message: signInErrorMessage(result.status, result.message), email },
    { status: result.status },
  );
}
