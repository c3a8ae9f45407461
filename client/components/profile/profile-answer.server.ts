import { data, redirect } from 'react-router';
import { href } from '../../../shared/href';
import { fieldOfPlatformMessage, type PlatformFailure } from '../../lib/platform-answer.server';
import type { ProfileActionResult, ProfileIntent } from './profile-result';

// Answers of the profile actions: a 4xx with messages beside fields, or back to the screen (a
// redirect, so a refresh does not post again) with a notice.
export type ProfileScreen = 'profile-info' | 'delivery-addresses' | 'payment-methods';

export function refused(result: ProfileActionResult, status = 400) {
  return data<ProfileActionResult>(result, { status });
}

/**
 * The platform said no: a 5xx is the error screen; a 4xx is shown as is, beside the field its
 * message names ("Invalid address: postcode: Required") or above the form.
 */
export function refusedByPlatform(
  base: Omit<ProfileActionResult, 'fieldErrors'>,
  failure: PlatformFailure,
  fields: readonly string[],
) {
  if (failure.status >= 500) throw data({ message: failure.message }, { status: 502 });
  const field = fieldOfPlatformMessage(failure.message, fields);
  const status = failure.status === 404 || failure.status === 409 ? failure.status : 400;
  return field
    ? refused({ ...base, fieldErrors: { [field]: failure.message } }, status)
    : refused({ ...base, fieldErrors: {}, formError: failure.message }, status);
}

export function backTo(screen: ProfileScreen, done: string) {
  return redirect(href(screen, {}, { done }));
}

export function unknownIntent(intent: ProfileIntent | string | undefined): never {
  throw data(
    { message: `Unknown profile action: ${String(intent ?? 'none').slice(0, 40)}` },
    { status: 400 },
  );
}
