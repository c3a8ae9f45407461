import { useId } from 'react';
import type { SignInMethods, SignInMethodsResult } from './sign-in-methods.server';

// "Ways to sign in" on the profile: the password and each linked provider. Unlinking is offered
// while another way in remains; an account made by a provider can choose a first password. Plain
// form posts: they work without JavaScript.
const DONE: Record<string, string> = {
  unlinked: 'The sign-in was unlinked.',
  'password-set': 'Your password is set: you can now also sign in with your e-mail.',
};

export function SignInMethodsPanel(props: {
  methods: SignInMethods;
  result: SignInMethodsResult | null;
  done: string | null;
}) {
  const { methods, result } = props;
  const id = useId();
  const ways = methods.identities.length + (methods.hasPassword ? 1 : 0);
  return (
    <section className="sign-in-methods" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Ways to sign in</h2>
      {props.done && Object.hasOwn(DONE, props.done) && <p role="status">{DONE[props.done]}</p>}
      {result && (
        <p className="form-error" role="alert">
          {result.message}
        </p>
      )}
      <ul>
        <li>
          Password: {methods.hasPassword ? 'set' : 'none yet'}
          {methods.hasPassword ? '' : ' (you sign in through a provider)'}
        </li>
        {methods.identities.map((identity) => (
          <li key={identity.id}>
            {identity.provider} ({identity.email}), linked {identity.since}
            {ways > 1 ? (
              <form method="post" className="inline-form">
                <input type="hidden" name="intent" value="unlink" />
                <input type="hidden" name="identity" value={identity.id} />
                <button type="submit" aria-label={`Unlink ${identity.provider}`}>
                  Unlink
                </button>
              </form>
            ) : (
              <span className="choice-detail"> Your only way to sign in: it stays linked.</span>
            )}
          </li>
        ))}
      </ul>
      {!methods.hasPassword && (
        <form method="post" className="sign-in-form" aria-label="Set a password">
          <input type="hidden" name="intent" value="set-password" />
          <label htmlFor={`${id}-new`}>New password</label>
          <input
            id={`${id}-new`}
            name="newPassword"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
          />
          <label htmlFor={`${id}-confirm`}>Repeat the password</label>
          <input
            id={`${id}-confirm`}
            name="confirmPassword"
            type="password"
            autoComplete="new-password"
            required
            minLength={8}
          />
          <button type="submit">Set a password</button>
        </form>
      )}
    </section>
  );
}
