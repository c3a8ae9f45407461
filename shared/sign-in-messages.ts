// Sign-in answers the shopper reads, the same with JavaScript (the form's fetch to /auth/sign-in)
// and without it (the /social-login form post).
export const WRONG_CREDENTIALS = 'Wrong e-mail or password.';

/** The message of a failed sign-in: the gateway's status and its error message. */
export function signInErrorMessage(status: number, message: string): string {
  return status === 401 ? WRONG_CREDENTIALS : message;
}
