// The three screens of /social-login (?mode=) and their titles.
export type Mode = 'sign-in' | 'register' | 'reset';

export const TITLES: Record<Mode, string> = {
  'sign-in': 'Sign in',
  register: 'Create an account',
  reset: 'Reset your password',
};
