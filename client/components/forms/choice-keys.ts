import type { KeyboardEvent } from 'react';

/**
 * Enter on a radio sends the form it belongs to, as the browser does for a form's fields: on an
 * order's choices (an address, a day, a slot, a card) it placed the order, or moved its slot,
 * before the shopper had read what the choice costs (docs/decisions/0377). The arrows choose; the
 * form goes with its button. For the fieldset around the radios (their key events pass through it).
 */
export function keepEnterOnChoice(event: KeyboardEvent<HTMLElement>): void {
  const target = event.target as HTMLInputElement;
  if (event.key === 'Enter' && target.type === 'radio') event.preventDefault();
}
