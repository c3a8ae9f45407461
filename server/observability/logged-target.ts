import { redactLoggedUrl } from '../log-redact';

// A refused request's target as its request line shows it (ADR 0312): one refused for its length
// (414) or by Node's parser is up to 8 KiB of whatever the client sent, and each such line carried
// it whole. The line keeps the first LOGGED_TARGET_LIMIT characters and says how long the target
// was. Secrets are replaced before the cut: a key or token cut in two would no longer be
// recognised, and a part of it would reach the log.

/** The most of a refused target a request line keeps. */
export const LOGGED_TARGET_LIMIT = 1024;

/** What follows a cut target: its whole length. The space ends an account key's pattern. */
const cutMarker = (length: number) => ` …(${length.toLocaleString('en-US')} characters)`;

/**
 * `url` with its secrets replaced, cut to `limit` characters and marked when it is longer. The
 * request line redacts its URL again (./request-line.ts): where that would take the marker into a
 * place holder (the cut fell in `[redacted]` or in a secret parameter), the cut moves back to the
 * end of the last segment or query pair.
 */
export function loggedTarget(url: string, limit = LOGGED_TARGET_LIMIT): string {
  const redacted = redactLoggedUrl(url);
  if (redacted.length <= limit) return redacted;
  const marker = cutMarker(url.length);
  const kept = redacted.slice(0, limit);
  if (redactLoggedUrl(kept + marker) === kept + marker) return kept + marker;
  const boundary = Math.max(kept.lastIndexOf('/'), kept.lastIndexOf('?'), kept.lastIndexOf('&'));
  return kept.slice(0, boundary + 1) + marker;
}
