import { z } from 'zod';
import type { AppLoadContext } from 'react-router';
import {
  ProfileInfoInput,
  profilePaths,
  type ProfileInfo,
} from '../../../shared/contracts/profile';
import { fieldErrorsOf, formFields } from '../forms/form-fields';
import { intentForms } from '../forms/intent-forms';
import { askPlatform } from '../../lib/platform-answer.server';
import { backTo, refused, refusedByPlatform, unknownIntent } from './profile-answer.server';

// "Your details": name and phone, checked with the profile service's own schema. The e-mail is
// the sign-in name and is not part of the form's data (shown read-only).
const name = (what: string) =>
  z.string().trim().min(1, `Enter your ${what}`).max(100, 'At most 100 characters');
// The service's schema, with the shop's words for an empty name (the service just says "Required").
const InfoForm = ProfileInfoInput.extend({
  firstName: name('first name'),
  lastName: name('last name'),
});
/** The screen's one form. */
export const InfoForms = intentForms({ 'save-info': InfoForm });
const InfoIntent = InfoForms.intent;

export async function infoAction(context: AppLoadContext, form: FormData) {
  const fields = formFields(form);
  if (!InfoIntent.safeParse(fields.intent).success) unknownIntent(fields.intent);
  const values = {
    firstName: fields.firstName ?? '',
    lastName: fields.lastName ?? '',
    phone: fields.phone ?? '',
  };
  const input = InfoForm.safeParse(values);
  if (!input.success)
    return refused({ intent: 'save-info', fieldErrors: fieldErrorsOf(input.error), values });
  const saved = await askPlatform<ProfileInfo>(context.platform, {
    method: 'PUT',
    path: profilePaths.info,
    body: input.data,
  });
  if (!saved.ok)
    return refusedByPlatform({ intent: 'save-info', values }, saved, [
      'firstName',
      'lastName',
      'phone',
    ]);
  return backTo('profile-info', 'info-saved');
}
