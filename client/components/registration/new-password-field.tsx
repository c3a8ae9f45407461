import { FormField } from '../forms/form-field';
import { PASSWORD_MIN } from './account-form-result';

// A password being chosen (registration, reset): the browser may suggest one, and the rule is
// stated under the field.
export function NewPasswordField(props: {
  form: string;
  name: string;
  label: string;
  error: string | undefined;
}) {
  return (
    <FormField
      {...props}
      type="password"
      required
      autoComplete="new-password"
      minLength={PASSWORD_MIN}
      maxLength={200}
      hint={`At least ${PASSWORD_MIN} characters.`}
    />
  );
}
