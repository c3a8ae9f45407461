import { noticeOf } from '../../lib/done-notice';
// What the profile screens' actions answer when something needs fixing (a change that went
// through redirects back with ?done=, see DONE_NOTICES). Never a card number: see card-action.server.ts.
export type ProfileIntent =
  | 'save-info'
  | 'add-address'
  | 'update-address'
  | 'delete-address'
  | 'default-address'
  | 'add-card'
  | 'delete-card'
  | 'default-card';

export type ProfileActionResult = {
  intent: ProfileIntent;
  /** The address or card the form was about (update, delete, default). */
  id?: string;
  fieldErrors: Record<string, string>;
  formError?: string;
  /** What the shopper typed, to fill the form again. */
  values?: Record<string, string>;
};

export function resultOf(
  result: unknown,
  ...intents: ProfileIntent[]
): ProfileActionResult | undefined {
  const candidate = result as ProfileActionResult | undefined;
  return candidate && typeof candidate === 'object' && intents.includes(candidate.intent)
    ? candidate
    : undefined;
}

export const DONE_NOTICES: Record<string, string> = {
  'info-saved': 'Your details are saved.',
  'address-added': 'The address is added.',
  'address-updated': 'The address is changed.',
  'address-deleted': 'The address is deleted.',
  'address-default': 'That address is now your default.',
  'card-added': 'The card is added.',
  'card-deleted': 'The card is deleted.',
  'card-default': 'That card is now your default.',
};

export function doneNotice(search: URLSearchParams): string | null {
  return noticeOf(DONE_NOTICES, search.get('done')) ?? null;
}
