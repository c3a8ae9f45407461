import { Form, useNavigation } from 'react-router';
import { CARD_FIELDS } from '../forms/address-card-fields';
import { FieldList, FormProblem } from '../forms/form-field';
import { useRefusalFocus } from '../forms/refusal-focus';
import { DefaultCheckbox } from './default-checkbox';
import type { ProfileActionResult } from './profile-result';

// Adding a card. The number field never has a value from the server: after a mistake the shopper
// types it again (the action does not send it back, docs/decisions/0111).
export function CardForm({
  result,
  open,
}: {
  result: ProfileActionResult | undefined;
  open: boolean;
}) {
  const busy = useNavigation().formData?.get('intent') === 'add-card';
  const scope = useRefusalFocus<HTMLFormElement>(result);
  return (
    <details className="add-form" open={open}>
      <summary>Add a card</summary>
      <Form method="post" className="field-grid" autoComplete="on" ref={scope}>
        <input type="hidden" name="intent" value="add-card" />
        <FieldList
          form="add-card"
          fields={CARD_FIELDS}
          errors={result?.fieldErrors}
          valueFor={(name) => result?.values?.[name]}
        />
        <DefaultCheckbox what="card" result={result} />
        <FormProblem message={result?.formError} />
        <button type="submit" className="button primary" disabled={busy}>
          {busy ? 'Saving…' : 'Save card'}
        </button>
      </Form>
    </details>
  );
}
