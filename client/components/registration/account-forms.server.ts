import { z } from 'zod';
import { PASSWORD_MIN_LENGTH } from '../../../shared/contracts/account';
import { EMAIL_REFUSED } from '../forms/form-fields';

// The account forms as the actions receive them, checked before uaa is asked so that most
// mistakes get a message in the shop's words beside their field. uaa checks again (its 400s are
// shown as they are). Passwords are read here and sent to uaa, never returned or logged.
const email = z
  .string({ error: 'Enter your e-mail address' })
  .trim()
  .min(1, 'Enter your e-mail address')
  .max(254, 'This e-mail address is too long')
  .pipe(z.email(EMAIL_REFUSED));

const newPassword = z
  .string({ error: 'Choose a password' })
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(200, 'Use at most 200 characters');

const name = (what: string) =>
  z
    .string({ error: `Enter your ${what}` })
    .trim()
    .min(1, `Enter your ${what}`)
    .max(100, 'At most 100 characters');

export const RegisterForm = z.object({
  firstName: name('first name'),
  lastName: name('last name'),
  email,
  password: newPassword,
});

export const ResetRequestForm = z.object({ email });

export const NewPasswordForm = z
  .object({ newPassword, confirmPassword: z.string({ error: 'Type the new password again' }) })
  .refine((form) => form.newPassword === form.confirmPassword, {
    path: ['confirmPassword'],
    message: 'The two passwords are not the same',
  });

/** Activation and reset keys as the e-mails carry them (uaa decides whether one is known). */
export const AccountKey = z
  .string()
  .trim()
  .min(10)
  .max(200)
  .regex(/^[\w-]+$/);
