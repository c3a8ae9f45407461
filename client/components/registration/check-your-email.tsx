import type { Ref } from 'react';
import { Link } from 'react-router';
import { AccountDone } from './account-done';
import type { AccountFormResult } from './account-form-result';

// What the registration and reset-request forms have in common: their props, and the answer
// once uaa has taken the e-mail.
export type AccountFormProps = { result: AccountFormResult | undefined; signInLink: string };

export function CheckYourEmail(props: {
  message?: string;
  signInLink: string;
  panel: Ref<HTMLDivElement>;
}) {
  return (
    <AccountDone panel={props.panel}>
      <h2>Check your e-mail</h2>
      <p>{props.message}</p>
      <p>
        <Link to={props.signInLink}>Back to sign in</Link>
      </p>
    </AccountDone>
  );
}
