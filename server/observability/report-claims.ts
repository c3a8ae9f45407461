import { isCid } from '../../shared/cid';
import { visibleText } from '../../shared/visible-text';
import { FAULT_KINDS } from './report-budget';
import type { ServedBuild } from './running-build';

// What a browser's report says of itself, checked before the tunnel passes it on (ADRs 0365,
// 0368, 0373): its release (the build its page came from), the CIDs it names (`cid`: the page's,
// or a failed request's; `page_cid`: the page's), its route (the `route` tag: React Router's id of
// the page's route) and the tags the gateway's own reports carry (`build`, `fault`, `shop`), which
// the shop's browser never sets. The running build's id is kept, and so is any other of the form
// of a build id: a tab opened before a deploy reports the build it loaded, and no record of past
// builds outlives a deploy to tell it from a made-up one. A CID must be well-formed, a route one
// of the running build's (it goes on as the request line and the metrics name it, so one page's
// reports are one `route` from both sides), a fault one of the kinds the gateway reports. The
// shop is the request's, as the gateway's reports name it. Anything else is treated as if the
// browser had named nothing (no release, no `page_cid`, `route`, `build` or `fault`, the tunnel's
// CID as `cid`), and a `<name>_claimed` tag shows what it claimed, cut short. What the browser
// cannot choose goes without a claim: the `dist` (the shop gives none) and tags named as the
// event's own fields.

/** React Router's manifest version in a production build: 8 hex digits of a SHA-256. */
export const BUILD_ID_PATTERN = /^[0-9a-f]{8}$/;
/** The gateway's tags: what the browser sends under these names does not go on. */
const CLAIM_TAGS = [
  'release_claimed',
  'cid_claimed',
  'page_cid_claimed',
  'route_claimed',
  'build_claimed',
  'fault_claimed',
  'shop_claimed',
];
/**
 * Tags named as the event's own fields, which the browser's SDK never sets: Sentry drops `release`
 * and `dist` ones and takes an `environment` one as the environment of an event that names none;
 * another backend would show a second release beside the one checked here.
 */
const FIELD_TAGS = ['release', 'dist', 'environment'];
/** Enough to recognise a claim by (a CID is 32), short of Sentry's 200 for a tag's value. */
const CLAIM_SHOWN = 64;

export function isBuildId(value: unknown): value is string {
  return typeof value === 'string' && BUILD_ID_PATTERN.test(value);
}

/**
 * A refused claim as a tag's value: one line of at most 64 characters (and an ellipsis), its
 * control characters and line breaks spaces, its hidden ones U+FFFD (../../shared/visible-text.ts).
 */
export function claimText(value: unknown): string {
  const text =
    typeof value === 'string' && value !== '' ? value : (JSON.stringify(value) ?? String(value));
  // Hidden characters are told from an emoji's joiners in the whole text, before the cut.
  const line = visibleText(text).replace(/[\p{Cc}\u2028\u2029]/gu, ' ');
  if (line.length <= CLAIM_SHOWN) return line;
  // Never half of a character outside the BMP, nor an emoji cut after a joiner or a flag's tag.
  const cut = line.slice(0, CLAIM_SHOWN).replace(/[\uD800-\uDBFF]$/, '');
  return `${cut.replace(/[\u200D\u{E0020}-\u{E007F}]+$/u, '')}…`;
}

/** What the gateway knows of a report's request, to check its claims against. */
export type ReportOrigin = {
  /** The build this process serves (undefined while it is not loaded). */
  build: ServedBuild | undefined;
  /** The request's shop host, as the gateway's own reports name it ('' when not known). */
  shop: string;
};

/** A build of this shop: the running one (development's too), or another of a build id's form. */
const namesBuild = (value: unknown, build: ServedBuild | undefined) =>
  (typeof value === 'string' && value === build?.id) || isBuildId(value);

/** Keeps the tag `name` when `kept` says so (or it names nothing); else moves it to its claim. */
function checkTag(tags: Record<string, unknown>, name: string, kept: (value: unknown) => boolean) {
  const value = tags[name];
  if (value == null || kept(value)) return;
  delete tags[name];
  tags[`${name}_claimed`] = claimText(value);
}

/**
 * Checks the release and `dist` of `event` and the CIDs, route, gateway's and field tags of `tags`
 * (its tags), both the tunnel's copies, changed in place. `origin.build`: in development its id has
 * no build id's form, and is kept all the same.
 */
export function checkClaims(
  event: Record<string, unknown>,
  tags: Record<string, unknown>,
  origin: ReportOrigin,
): void {
  const { build } = origin;
  for (const name of [...CLAIM_TAGS, ...FIELD_TAGS]) delete tags[name];
  delete event.dist;
  const release = event.release;
  if (release != null && !namesBuild(release, build)) {
    delete event.release;
    tags.release_claimed = claimText(release);
  }
  checkTag(tags, 'cid', isCid);
  checkTag(tags, 'page_cid', isCid);
  // A route goes on as the request line names it (`routes/cart-action` as `cart`). One of an
  // older build (a tab opened before a deploy) that this one lacks is a claim too: it is shown,
  // and Sentry's route lists hold only routes the shop has.
  const route = typeof tags.route === 'string' ? build?.routeOf(tags.route) : undefined;
  if (route) tags.route = route;
  else checkTag(tags, 'route', () => false);
  checkTag(tags, 'build', (id) => namesBuild(id, build));
  checkTag(tags, 'fault', (fault) => (FAULT_KINDS as readonly unknown[]).includes(fault));
  // The shop is the request's, named on every report as the tenant is (ADR 0337); another is a
  // claim.
  checkTag(tags, 'shop', (shop) => shop === origin.shop);
  if (origin.shop) tags.shop = origin.shop;
}
