import type { InputHTMLAttributes, ReactNode } from 'react';
import type { FieldSpec } from './address-card-fields';
import { CountryField } from './country-field';
import { useDoneFocus } from './done-focus';
import { FieldError, errorProps } from './field-error';

// A labelled input with its message beside it, for the account and profile forms. Unlike the
// checkout's fields these are often filled in (the shopper's name, an address being edited).
type InputProps = Pick<
  InputHTMLAttributes<HTMLInputElement>,
  | 'type'
  | 'autoComplete'
  | 'inputMode'
  | 'maxLength'
  | 'minLength'
  | 'required'
  | 'readOnly'
  | 'defaultValue'
  | 'autoFocus'
>;

export function FormField(
  props: InputProps & { form: string; name: string; label: string; error?: string; hint?: string },
) {
  const { form, name, label, error, hint, ...input } = props;
  const id = `${form}-${name}`;
  const hintId = hint ? `${id}-hint` : undefined;
  const invalid = errorProps(`${id}-error`, error);
  const describedBy = [hintId, invalid['aria-describedby']].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>
        {label}
        {input.required || input.readOnly ? null : <span className="optional"> (optional)</span>}
      </label>
      <input
        id={id}
        name={name}
        type="text"
        {...input}
        {...invalid}
        aria-describedby={describedBy}
      />
      {hint ? (
        <p id={hintId} className="hint">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} message={error} />
    </div>
  );
}

/** The fields of a form described as data (./address-card-fields), with their messages and values. */
export function FieldList(props: {
  form: string;
  fields: readonly FieldSpec[];
  errors?: Record<string, string>;
  valueFor?: (name: string) => string | undefined;
  /** Its first field starts with the focus: a form a link opened, in a new document. */
  opened?: boolean;
}) {
  return props.fields.map(({ choice, ...field }, index) =>
    choice === 'delivery-country' ? (
      <CountryField
        key={field.name}
        form={props.form}
        name={field.name}
        label={field.label}
        value={props.valueFor?.(field.name)}
        error={props.errors?.[field.name]}
      />
    ) : (
      <FormField
        key={field.name}
        form={props.form}
        {...field}
        defaultValue={props.valueFor?.(field.name)}
        error={props.errors?.[field.name]}
        autoFocus={props.opened && index === 0}
      />
    ),
  );
}

/** The form-level message of a failed post (a refusal not about one field). */
export function FormProblem({ message }: { message: string | undefined }) {
  // Where a refusal without a field in error takes the focus (./refusal-focus.ts).
  return message ? (
    <p className="form-error" role="alert" tabIndex={-1} autoFocus>
      {message}
    </p>
  ) : null;
}

/**
 * A notice after a change went through (PRG: the page was loaded again with ?done=); `arrival`
 * when the post was on another page, or its screen replaced the form (./done-focus.ts).
 */
export function DoneNotice({ message, arrival }: { message: ReactNode; arrival?: boolean }) {
  // Where the focus goes after the post (./done-focus.ts): the redirect's document starts on it
  // (`autofocus`), and with JavaScript the hook moves it there.
  const notice = useDoneFocus<HTMLParagraphElement>(arrival);
  return message ? (
    <p className="notice" role="status" tabIndex={-1} autoFocus ref={notice}>
      {message}
    </p>
  ) : null;
}
