import type { ProfileActionResult } from './profile-result';

/** "Make this my default …", ticked again after a refusal if it was sent ticked. */
export function DefaultCheckbox({ what, result }: { what: string; result?: ProfileActionResult }) {
  return (
    <label className="check">
      <input type="checkbox" name="isDefault" defaultChecked={result?.values?.isDefault === 'on'} />{' '}
      Make this my default {what}
    </label>
  );
}
