import type { ReactNode } from 'react';
import { Form } from 'react-router';

// The parts a saved address and a saved card share in their lists.

/** Its name, with a badge when it is the default. */
export function SavedItemName({ name, isDefault }: { name: string; isDefault: boolean }) {
  return (
    <p>
      <strong>{name}</strong>
      {isDefault ? <span className="badge">Default</span> : null}
    </p>
  );
}

/** "Make default": a small form of its own posting its id ("Delete…" asks first, elsewhere). */
export function SavedItemAction({
  id,
  intent,
  label,
  children,
}: {
  id: string;
  intent: string;
  /** The button's accessible name, which says which item it acts on. */
  label: string;
  children: ReactNode;
}) {
  return (
    <Form method="post">
      <input type="hidden" name="id" value={id} />
      <button
        type="submit"
        name="intent"
        value={intent}
        className="button secondary"
        aria-label={label}
      >
        {children}
      </button>
    </Form>
  );
}
