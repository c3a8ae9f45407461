// A message beside its field. The input points at it with aria-describedby (see errorProps), so
// screen readers read the message with the field.
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error">
      {message}
    </p>
  );
}

export function errorProps(id: string, message: string | undefined) {
  return message ? { 'aria-invalid': true as const, 'aria-describedby': id } : {};
}

/** A labelled text input with its message. */
export function TextField(props: {
  form: string;
  name: string;
  label: string;
  error?: string;
  required?: boolean;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'text';
  type?: string;
  maxLength?: number;
}) {
  const id = `${props.form}-${props.name}`;
  return (
    <div className="field">
      <label htmlFor={id}>
        {props.label}
        {props.required ? null : <span className="optional"> (optional)</span>}
      </label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        required={props.required}
        autoComplete={props.autoComplete}
        inputMode={props.inputMode}
        maxLength={props.maxLength}
        {...errorProps(`${id}-error`, props.error)}
      />
      <FieldError id={`${id}-error`} message={props.error} />
    </div>
  );
}
