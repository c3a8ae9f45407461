// What the shopper reads when a sign-in through a provider fails. The gateway's callback ends on
// /social-login?error=<code>&provider=<id>; the screen shows the message of the code.
export const SOCIAL_ERRORS = {
  denied: 'You cancelled signing in with {provider}. Try again, or sign in with your e-mail.',
  state: 'This sign-in was not started here, or it was already used. Please start again.',
  expired: 'Signing in took too long. Please start again.',
  invalid:
    '{provider} sent an answer we could not verify, so you are not signed in. Please start again.',
  unavailable:
    '{provider} is not answering just now. Please try again later, or sign in with your e-mail.',
  email_conflict:
    'An account with this e-mail already exists here, and {provider} has not verified that e-mail. Sign in with your password instead.',
  email_not_verified:
    '{provider} has not verified your e-mail address. Verify it there, or create an account with a password.',
  unknown_provider: 'This sign-in option is not available.',
  // uaa's refusal to merge a cart beyond two full carts' lines (docs/decisions/0314).
  cart_too_large:
    "Your cart and your account's cart together hold more lines than one cart can. Remove some lines from this cart, then sign in again.",
  failed: 'The shop could not sign you in just now. Please try again.',
} as const;
export type SocialErrorCode = keyof typeof SOCIAL_ERRORS;

export function socialErrorMessage(
  code: string | null,
  providerName: string | null,
): string | null {
  if (!code) return null;
  // Own codes only: `in` found `constructor` (or `toString`) on the prototype, and the page failed.
  const template = Object.hasOwn(SOCIAL_ERRORS, code)
    ? SOCIAL_ERRORS[code as SocialErrorCode]
    : SOCIAL_ERRORS.failed;
  return template.replaceAll('{provider}', providerName ?? 'The provider');
}

/** The path of the callback the provider redirects to (registered there as redirect URI). */
export const socialCallbackPath = (providerId: string) => `/auth/social/${providerId}/callback`;
