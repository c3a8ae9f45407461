import type { z } from 'zod';

// Posted forms as actions receive them (URL-encoded text fields) and their messages per field.
export type FieldErrors = Record<string, string>;
export type FormFields = Record<string, string>;

type Issue = z.ZodError['issues'][number];

/** What a form says of an e-mail address it refuses ("name@shop", which the browser takes). */
export const EMAIL_REFUSED = 'Enter an e-mail address like name@example.com';

/**
 * The message a form shows for an issue. The shared schemas word theirs for the APIs, which put
 * the field's name first ("email: must be an e-mail address"); alone under a field or in an error
 * summary (the guest checkout's), an e-mail's is said as the account forms say it: what to type
 * (docs/decisions/0366).
 */
export function issueMessage(issue: Issue): string {
  return issue.code === 'invalid_format' && issue.format === 'email'
    ? EMAIL_REFUSED
    : issue.message;
}

/** The first message of each field (a form shows one per field). */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = String(issue.path[0] ?? 'form');
    errors[field] ??= issueMessage(issue);
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
