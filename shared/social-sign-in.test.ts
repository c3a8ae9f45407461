import { describe, expect, it } from 'vitest';
import { SOCIAL_ERRORS, socialErrorMessage } from './social-sign-in';

// /social-login?error=<code>: anyone can write the code into a link. A known code is its message;
// any other one is the general failure, never a crash of the sign-in page (ADR 0320).
describe('the message of a failed sign-in through a provider', () => {
  it('says the message of a known code, with the provider named', () => {
    expect(socialErrorMessage('denied', 'Google')).toBe(
      'You cancelled signing in with Google. Try again, or sign in with your e-mail.',
    );
    expect(socialErrorMessage(null, 'Google')).toBeNull();
  });

  it.each(['constructor', 'toString', '__proto__', 'hasOwnProperty', 'Call 0800 000 000'])(
    'says the general failure for %s',
    (code) => expect(socialErrorMessage(code, null)).toBe(SOCIAL_ERRORS.failed),
  );
});
