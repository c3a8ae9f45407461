import type { z } from 'zod';

// Posted forms as actions receive them (URL-encoded text fields) and their messages per field.
export type FieldErrors = Record<string, string>;
export type FormFields = Record<string, string>;

/** The first message of each field (a form shows one per field). */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Text fields of a posted form (files and repeated names are not part of these forms). */
export function formFields(form: FormData): FormFields {
  const fields: FormFields = {};
  for (const [name, value] of form)
    if (typeof value === 'string' && !(name in fields)) fields[name] = value;
  return fields;
}
