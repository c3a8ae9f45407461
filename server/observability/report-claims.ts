import { isCid } from '../../shared/cid';

// What a browser's report says of itself, checked before the tunnel passes it on (ADR 0365): its
// release (the build its page came from) and the CIDs it names (`cid`: the page's, or a failed
// request's; `page_cid`: the page's). The running build's id is kept, and so is any other of the
// form of a build id: a tab opened before a deploy reports the build it loaded, and no record of
// past builds outlives a deploy to tell it from a made-up one. A CID must be well-formed. Anything
// else is treated as if the browser had named nothing (no release, no `page_cid`, the tunnel's
// CID as `cid`), and a `<name>_claimed` tag shows what it claimed, cut short.

/** React Router's manifest version in a production build: 8 hex digits of a SHA-256. */
export const BUILD_ID_PATTERN = /^[0-9a-f]{8}$/;
const CID_TAGS = ['cid', 'page_cid'] as const;
/** The gateway's tags: what the browser sends under these names does not go on. */
const CLAIM_TAGS = ['release_claimed', 'cid_claimed', 'page_cid_claimed'];
/** Enough to recognise a claim by (a CID is 32), short of Sentry's 200 for a tag's value. */
const CLAIM_SHOWN = 64;

export function isBuildId(value: unknown): value is string {
  return typeof value === 'string' && BUILD_ID_PATTERN.test(value);
}

/** A refused claim as a tag's value: one line of at most 64 characters (and an ellipsis). */
export function claimText(value: unknown): string {
  const text =
    typeof value === 'string' && value !== '' ? value : (JSON.stringify(value) ?? String(value));
  const line = text.slice(0, CLAIM_SHOWN + 1).replace(/\p{Cc}/gu, ' ');
  if (line.length <= CLAIM_SHOWN) return line;
  // Never half of a character outside the BMP.
  return `${line.slice(0, CLAIM_SHOWN).replace(/[\uD800-\uDBFF]$/, '')}…`;
}

/**
 * Checks the release of `event` and the CIDs of `tags` (its tags), both the tunnel's copies,
 * changed in place. `runningBuild`: the id of the build this process serves (undefined while it
 * is not loaded); in development it has no build id's form, and is kept all the same.
 */
export function checkClaims(
  event: Record<string, unknown>,
  tags: Record<string, unknown>,
  runningBuild: string | undefined,
): void {
  for (const name of CLAIM_TAGS) delete tags[name];
  const release = event.release;
  if (release != null && release !== runningBuild && !isBuildId(release)) {
    delete event.release;
    tags.release_claimed = claimText(release);
  }
  for (const name of CID_TAGS) {
    const cid = tags[name];
    if (cid == null || isCid(cid)) continue;
    delete tags[name];
    tags[`${name}_claimed`] = claimText(cid);
  }
}
