import type { MouseEvent } from 'react';
import type { FieldErrors } from './form-fields';

// The top of a long order form refused for its fields (the guest checkout, the checkout, a smart
// cart's order: docs/decisions/0356): "There is a problem" and each field's message as a link to
// the field, in the fields' order (GOV.UK's error summary). Their messages are spread over
// several sections and two columns, and the first of them may be a screen away: the summary says
// them all in one place and takes the focus (refusal-focus.ts; `autofocus` for a refused post's
// document). The messages beside the fields stay.

/** A field the summary may name: its form name, and the id of what its link focuses. */
export type SummaryField = { name: string; target: string };

type Props = {
  errors: FieldErrors | undefined;
  /** The form's fields in the order the page shows them. */
  fields: readonly SummaryField[];
  /** Its heading's level: 3 inside a section whose heading is an `<h2>`. */
  level?: 2 | 3;
};

export function ErrorSummary({ errors = {}, fields, level = 2 }: Props) {
  const known = new Set(fields.map((field) => field.name));
  const listed = fields.filter((field) => errors[field.name]);
  // A message of no field on the page (a hidden one's) is said too, without a link.
  const unplaced = Object.keys(errors).filter((name) => !known.has(name));
  if (listed.length + unplaced.length === 0) return null;
  const Heading = level === 3 ? 'h3' : 'h2';
  return (
    <div
      className="error-summary"
      role="alert"
      aria-labelledby="error-summary-title"
      tabIndex={-1}
      autoFocus
    >
      <Heading id="error-summary-title">There is a problem</Heading>
      <ul>
        {listed.map((field) => (
          <li key={field.name}>
            <a href={`#${field.target}`} onClick={toField}>
              {errors[field.name]}
            </a>
          </li>
        ))}
        {unplaced.map((name) => (
          <li key={name}>{errors[name]}</li>
        ))}
      </ul>
    </div>
  );
}

/**
 * Focuses the link's field without a navigation: a change of the URL's fragment is one to React
 * Router, and it would drop the action's answer, messages and all. Without JavaScript the
 * browser's fragment navigation focuses the field itself.
 */
function toField(event: MouseEvent<HTMLAnchorElement>) {
  const field = document.getElementById(event.currentTarget.hash.slice(1));
  if (!field) return;
  event.preventDefault();
  field.focus();
}
