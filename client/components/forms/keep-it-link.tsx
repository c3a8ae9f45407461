import type { RefObject } from 'react';
import { Link } from 'react-router';

/**
 * A question's least destructive answer, "No, keep it": the focus starts on it (without
 * JavaScript the question is a new document, ADR 0377), and it leads back to `to`, the page
 * naming the link that asked (ADR 0390). `keep`: for the effect that focuses it with JavaScript.
 */
export function KeepItLink({
  to,
  keep,
}: {
  to: string;
  keep: RefObject<HTMLAnchorElement | null>;
}) {
  return (
    <Link to={to} replace preventScrollReset className="button" ref={keep} autoFocus>
      No, keep it
    </Link>
  );
}
