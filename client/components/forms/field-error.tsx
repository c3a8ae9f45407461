// A message beside its field. The input points at it with aria-describedby (see errorProps), so
// screen readers read the message with the field. Focusable, and an autofocus candidate of a
// refused post's document after its field's: where the focus goes for a group of radios, which
// carry no aria-invalid (./refusal-focus.ts).
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  if (!message) return null;
  return (
    <p id={id} className="field-error" tabIndex={-1} autoFocus>
      {message}
    </p>
  );
}

/**
 * A field's attributes while it has a message: invalid, described by the message, and
 * `autofocus`, so that a refused post answered without JavaScript (a new document) starts on the
 * first field in error (the browser focuses the first candidate; React does not act on it when
 * it hydrates). With JavaScript, ./refusal-focus.ts moves the focus. docs/decisions/0308.
 */
export function errorProps(id: string, message: string | undefined) {
  return message
    ? { 'aria-invalid': true as const, 'aria-describedby': id, autoFocus: true as const }
    : {};
}
