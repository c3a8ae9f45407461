import { Link } from 'react-router';
import type { AccountFormResult } from './account-form-result';

// What the registration and reset-request forms have in common: their props, and the answer
// once uaa has taken the e-mail.
export type AccountFormProps = { result: AccountFormResult | undefined; signInLink: string };

export function CheckYourEmail({ message, signInLink }: { message?: string; signInLink: string }) {
  return (
    <div className="account-done" role="status">
      <h2>Check your e-mail</h2>
      <p>{message}</p>
      <p>
        <Link to={signInLink}>Back to sign in</Link>
      </p>
    </div>
  );
}
