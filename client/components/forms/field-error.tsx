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
