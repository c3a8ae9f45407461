import type { ReactNode, Ref } from 'react';

/**
 * The panel that replaces an account form once its post went through (registration, reset
 * request, new password, activation). It takes the keyboard focus (docs/decisions/0315, point 3):
 * the form's submit button was disabled while posting and the form is gone, so the focus would
 * be left on <body>. Without JavaScript the action's document starts on it (`autofocus`); with
 * JavaScript the form's `useDoneFocus` (../forms/done-focus.ts) gives the ref: the hook must live
 * in what was mounted before the post, to tell the post's new location from the first one.
 */
export function AccountDone(props: { panel: Ref<HTMLDivElement>; children: ReactNode }) {
  return (
    <div className="account-done" role="status" tabIndex={-1} autoFocus ref={props.panel}>
      {props.children}
    </div>
  );
}
