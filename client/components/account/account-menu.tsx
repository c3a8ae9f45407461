import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import { appLink } from '../../lib/app-links';

export type AccountMenuProps = { login: string | null; email: string | null };

// The signed-in profile menu: the account, its links and "Sign out". An island
// (./account-menu.island.ts): before its code arrives the <details> opens natively, the links
// are app links (the layout's click handler) and "Sign out" posts its form.
export function AccountMenu({ login, email }: AccountMenuProps) {
  const location = useLocation();
  const menu = useRef<HTMLDetailsElement>(null);
  // The menu closes once an item is chosen (issue #9): on every navigation after this one. Not
  // when the island hydrates: a shopper who opened the menu meanwhile keeps it open.
  const [shownAt] = useState(location.key);
  useEffect(() => {
    if (location.key !== shownAt) menu.current?.removeAttribute('open');
  }, [location.key, shownAt]);
  // Escape closes the open menu from anywhere in it, as a menu button's does, and the focus goes
  // back to its toggle (the <summary>), not to the page's start. docs/decisions/0308.
  const escape = (event: KeyboardEvent<HTMLDetailsElement>) => {
    const details = event.currentTarget;
    if (event.key !== 'Escape' || !details.open) return;
    event.preventDefault();
    details.open = false;
    details.querySelector('summary')?.focus();
  };

  // "Sign out" is a form post to /social-login, with or without JavaScript: its action revokes
  // the session, clears the cookies and sends the page home, which loads everything again as a
  // visitor (ADR 0209). `data-native`: the submit hold of the islands (lib/island-submits.ts,
  // ADR 0205) lets it post before this island's code arrived, as it does after.
  const name = login ?? email ?? 'Your account';
  return (
    <details className="profile-menu" ref={menu} onKeyDown={escape}>
      <summary aria-label={`Account menu of ${name}`}>
        <span className="profile-name">{name}</span>
        <span className="profile-short" aria-hidden="true">
          Account
        </span>
      </summary>
      <ul className="profile-links">
        {email && email !== name && <li className="profile-email">{email}</li>}
        <li>
          <a href="/orders" {...appLink}>
            Orders
          </a>
        </li>
        <li>
          <a href="/profile" {...appLink}>
            Profile
          </a>
        </li>
        <li>
          <a href="/shopping-lists" {...appLink}>
            Shopping lists
          </a>
        </li>
        <li>
          <form method="post" action="/social-login" data-native="">
            <input type="hidden" name="intent" value="sign-out" />
            <button type="submit">Sign out</button>
          </form>
        </li>
      </ul>
    </details>
  );
}
