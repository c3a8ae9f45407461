import { data, redirect, type AppLoadContext } from 'react-router';
import { z } from 'zod';
import {
  identityPaths,
  LinkedSignIns,
  SetPasswordRequest,
} from '../../../shared/contracts/identities';
import { platformMessage } from '../../lib/platform-answer.server';
import { intentForms } from '../forms/intent-forms';

// The profile's "Ways to sign in": the providers linked to the account (named as the gateway's
// configuration names them), whether it has a password, unlink, and a first password (ADR 0181).
export type SignInMethods = {
  hasPassword: boolean;
  identities: { id: string; provider: string; email: string; since: string }[];
};
export type SignInMethodsResult = { intent: 'unlink' | 'set-password'; message: string };

export async function loadSignInMethods(context: AppLoadContext): Promise<SignInMethods | null> {
  const answer = await context.platform.call({ path: identityPaths.list });
  const parsed = answer.ok ? LinkedSignIns.safeParse(answer.body) : null;
  // The rest of the profile still shows when uaa cannot say.
  if (!parsed?.success) return null;
  const nameOf = (issuer: string) =>
    context.socialProviders.find((p) => p.issuer === issuer)?.name ?? new URL(issuer).host;
  return {
    hasPassword: parsed.data.hasPassword,
    identities: parsed.data.identities.map((identity) => ({
      id: identity.id,
      provider: nameOf(identity.issuer),
      email: identity.email,
      since: identity.createdAt.slice(0, 10),
    })),
  };
}

/** The "Ways to sign in" forms of /profile: unlink a provider, set a first password. */
export const SignInMethodForms = intentForms({
  unlink: z.object({ identity: z.string().describe('The linked sign-in’s id') }),
  'set-password': z.object({
    newPassword: SetPasswordRequest.shape.newPassword,
    confirmPassword: z.string().describe('The new password again'),
  }),
});

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};
const refused = (intent: SignInMethodsResult['intent'], message: string, status: number) =>
  data<SignInMethodsResult>({ intent, message }, { status });

/** uaa's refusal is shown on its form with its status; uaa failing (5xx) is the page's 502. */
function refusedByUaa(intent: SignInMethodsResult['intent'], body: unknown, status: number) {
  const message = platformMessage(body, status);
  if (status >= 500) throw data({ message }, { status: 502 });
  return refused(intent, message, status);
}

export async function signInMethodsAction(context: AppLoadContext, form: FormData) {
  const intent = text(form, 'intent');
  const { forms } = SignInMethodForms;
  if (intent === 'unlink') {
    const { identity } = forms.unlink.parse({ identity: text(form, 'identity') });
    const answer = await context.platform.call({
      method: 'DELETE',
      path: identityPaths.one(identity),
    });
    if (answer.ok) throw redirect('/profile?done=unlinked', 303);
    return refusedByUaa('unlink', answer.body, answer.status);
  }
  if (intent === 'set-password') {
    const passwords = {
      newPassword: text(form, 'newPassword'),
      confirmPassword: text(form, 'confirmPassword'),
    };
    if (passwords.newPassword !== passwords.confirmPassword)
      return refused('set-password', 'The two passwords are not the same.', 400);
    const input = forms['set-password'].safeParse(passwords);
    if (!input.success)
      return refused('set-password', `The password ${input.error.issues[0]!.message}.`, 400);
    const answer = await context.platform.call({
      method: 'POST',
      path: identityPaths.setPassword,
      body: { newPassword: input.data.newPassword },
    });
    if (answer.ok) throw redirect('/profile?done=password-set', 303);
    return refusedByUaa('set-password', answer.body, answer.status);
  }
  return refused('unlink', 'Unknown form.', 400);
}
