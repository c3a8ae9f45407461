import { Form, useNavigation } from 'react-router';
import type { ProfileInfo } from '../../../shared/contracts/profile';
import { FormField, FormProblem } from '../forms/form-field';
import { useRefusalFocus } from '../forms/refusal-focus';
import type { ProfileActionResult } from './profile-result';

// "Your details": name and phone can change; the e-mail is the sign-in name and is shown only.
export function InfoForm({
  info,
  result,
}: {
  info: ProfileInfo;
  result: ProfileActionResult | undefined;
}) {
  const busy = useNavigation().formData?.get('intent') === 'save-info';
  const errors = result?.fieldErrors ?? {};
  const scope = useRefusalFocus<HTMLFormElement>(result);
  // After a mistake, what the shopper typed; otherwise what is stored.
  const value = (name: 'firstName' | 'lastName' | 'phone') => result?.values?.[name] ?? info[name];
  return (
    <Form method="post" className="account-form profile-panel" ref={scope}>
      <input type="hidden" name="intent" value="save-info" />
      <FormField
        form="info"
        name="email"
        label="E-mail"
        type="email"
        readOnly
        defaultValue={info.email}
        hint="Your e-mail is how you sign in; it cannot be changed here."
      />
      <FormField
        form="info"
        name="firstName"
        label="First name"
        required
        autoComplete="given-name"
        maxLength={100}
        defaultValue={value('firstName')}
        error={errors.firstName}
      />
      <FormField
        form="info"
        name="lastName"
        label="Last name"
        required
        autoComplete="family-name"
        maxLength={100}
        defaultValue={value('lastName')}
        error={errors.lastName}
      />
      <FormField
        form="info"
        name="phone"
        label="Phone"
        type="tel"
        autoComplete="tel"
        maxLength={30}
        defaultValue={value('phone')}
        error={errors.phone}
      />
      <FormProblem message={result?.formError} />
      <button type="submit" className="button primary" disabled={busy}>
        {busy ? 'Saving…' : 'Save my details'}
      </button>
    </Form>
  );
}
