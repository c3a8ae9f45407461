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

/**
 * The same for every field of a form that places an order from fields typed in it (the guest's:
 * e-mail, address, card): Enter in any of them placed the order once the form was complete, at
 * a typo mended in the e-mail. The order goes with its button (docs/decisions/0383); Enter in the
 * notes' textarea still makes a new line, on a button still presses it, and one that ends an
 * input method's composition still ends it.
 */
export function keepEnterInFields(event: KeyboardEvent<HTMLElement>): void {
  const target = event.target as HTMLInputElement;
  const field = target.tagName === 'INPUT' && !/^(submit|button|image|reset)$/.test(target.type);
  if (event.key === 'Enter' && field && !event.nativeEvent.isComposing) event.preventDefault();
}
