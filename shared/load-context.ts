import type { PublicContext } from './contracts/context';
import type { Personal } from './contracts/personal';

// What the gateway hands to React Router's loaders and actions for one request. It lives only on
// the server: loaders must return public data (PublicContext, screen data), never this object.
export type PlatformCall = {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path under PLATFORM_URL, e.g. /api/services/catalogue/api/v1/search?q=milk */
  path: string;
  body?: unknown;
  /** Extra request headers the call needs (Idempotency-Key); the product headers always win. */
  headers?: Record<string, string>;
};

export type PlatformResponse<T = unknown> = { ok: boolean; status: number; body: T };

export type PlatformClient = {
  /** Calls a platform service with the page's CID, shop origin, client name and the visitor's token. */
  call<T = unknown>(request: PlatformCall): Promise<PlatformResponse<T>>;
};

/** A sign-in form post's outcome; the message is what the shopper reads. */
export type FormSignIn = { ok: true } | { ok: false; status: number; message: string };

/** The gateway's session for form posts: it alone sets and clears the token cookies. */
export type GatewaySession = {
  signIn(email: string, password: string): Promise<FormSignIn>;
  signOut(): Promise<void>;
  /**
   * Starts a sign-in through a provider: the URL of its sign-in page, or an error code; with
   * `failure` when the host is no shop (or its context failed), which the page answers as such.
   */
  startSocial(
    providerId: string,
    returnTo: string,
  ): Promise<{ ok: true; url: string } | { ok: false; code: string; failure?: PageFailure }>;
};

export type PageFailure = { status: 421 | 502 | 503 | 504; message: string | null };

/**
 * Per-client-address budgets a page's own code takes from (docs/decisions/0242): the sign-in
 * form's 'sign-in' and registration/reset's 'account' are the same buckets the gateway's
 * /auth/sign-in and proxied uaa calls count in; 'report', 'test-failure' and 'probe' are the
 * diagnostics pages' (ADR 0244, 0273).
 */
export type PageLimit = 'sign-in' | 'account' | 'report' | 'test-failure' | 'probe';
export type LimitAnswer = { ok: true } | { ok: false; retryAfter: number };

/**
 * Thrown when a loader reads the visitor before `visitorReady`, or the page context before
 * `ready`: a GET page's loaders start beside the page context's calls (ADR 0270).
 */
export class PageContextPending extends Error {
  override name = 'PageContextPending';
  constructor(message: string) {
    // A signal the page's own code catches, never reported or logged: a stack trace would cost
    // more than the rest of the throw and tell nothing.
    const limit = Error.stackTraceLimit;
    Error.stackTraceLimit = 0;
    super(message);
    Error.stackTraceLimit = limit;
  }
}

export type GatewayLoadContext = {
  cid: string;
  nonce: string;
  /**
   * The page context's calls (account, CMS context) run beside a GET page's loaders (ADR 0270):
   * `publicContext` and `failure` may be read once this resolves.
   */
  ready: Promise<void>;
  /** The visitor (`isLoggedIn`, `hasSession`, `account`, `visitor()`) may be read once this resolves. */
  visitorReady: Promise<void>;
  /** Null when the page context could not be loaded (see failure). */
  publicContext: PublicContext | null;
  failure: PageFailure | null;
  isLoggedIn: boolean;
  /** The signed-in visitor's account, or null. */
  account: Personal['account'];
  /**
   * The visitor's session and account, for the visitor's own parts of a page (readPersonal).
   * Reading `isLoggedIn`, `hasSession` or `account` directly marks the page as depending on the
   * visitor, so the gateway keeps no template of it (ADR 0203).
   */
  visitor(): { isLoggedIn: boolean; hasSession: boolean; account: Personal['account'] };
  /** The visitor has a session (signed in, or an anonymous guest with a cart). Not a secret. */
  hasSession: boolean;
  /**
   * A document request (not React Router's data request): the root's data leaves the visitor
   * out, and the root loader puts it in `personal` for entry.server (ADR 0203).
   */
  document: boolean;
  /** The visitor as the root loader read it, for a document. */
  personal?: Personal;
  /** External hosts route middleware may redirect to. */
  redirectAllowedHosts: readonly string[];
  /** Counts this request against the visitor's address's budget (an IPv6 /64 is one address). */
  limit(bucket: PageLimit): Promise<LimitAnswer>;
  /**
   * Proof that this gateway issued `cid` to the page named `page` (HMAC, ADR 0244), for a form
   * that posts the page's CID back: `sign` in the loader, `check` in the action.
   */
  pageProof: {
    sign(page: string, cid: string): string;
    check(page: string, cid: string, proof: unknown): boolean;
  };
  platform: PlatformClient;
  /** The same calls for the visitor's own data (the cart), which a template never depends on. */
  personalPlatform: PlatformClient;
  /**
   * Makes sure the visitor has a session (an anonymous guest one if need be), so that an action
   * can keep a cart without JavaScript. The gateway sets the cookies; platform calls made after it
   * carry the new token. A new guest session counts against the client address's guest limit
   * (issue #27 item 6, ADR 0249): refused, `retryAfter` says how long to wait (null: uaa failed).
   */
  ensureSession(): Promise<{ ok: true } | { ok: false; retryAfter: number | null }>;
  /**
   * The development mailbox is on (DEV_MAILBOX, ADR 0273): /dev/mail lists the e-mails the
   * platform wrote to its outbox, and the sign-in screens link to it. Never in production.
   */
  devMailbox: boolean;
  /** Sign-in providers configured in the gateway ("Continue with ..." buttons). */
  socialProviders: readonly { id: string; name: string; issuer: string }[];
  session: GatewaySession;
  /**
   * A non-essential section of the page failed and is left out: logged and reported, while the
   * page renders what it has (issue #12 item 7). See client/lib/optional-section.server.ts.
   */
  reportSectionFailure(section: string, error: unknown): void;
  /** Logs and reports an error of a loader, action or render with the request's CID; the event id. */
  reportError(error: unknown): string | undefined;
  /** Whether errors are reported: by the gateway, and by the browser (its public DSN). */
  reporting: { server: boolean; browser: boolean; publicDsn: string | null };
  /** The id of the error report this request produced so far, if any. */
  eventId(): string | undefined;
  /** How entry.server hands the document back to the gateway; absent outside it. */
  render?: RenderChannel;
};

/**
 * A rendered document: the string a whole render gives, or the UTF-8 bytes a template fill
 * writes (ADR 0296). Either is sent as is.
 */
export type DocumentHtml = string | Buffer;

/**
 * The one way back from entry.server to the gateway's render route (ADR 0212): the document as a
 * string or bytes, sent as is rather than through a Response body (ADR 0200), with the template it
 * was filled from when the page was rendered as one (ADR 0203).
 */
export type RenderChannel = {
  /** The gateway would keep this document as a template: render it as one if the page allows. */
  readonly wantsTemplate: boolean;
  /**
   * The complete document; `template` when it was filled from one the gateway may keep (its size
   * is all the gateway reads of it; entry.server's fillDocument fills it).
   */
  document(html: DocumentHtml, template?: { bytes: number }): void;
};

declare module 'react-router' {
  // Declaration merging needs an interface here.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends GatewayLoadContext {}
}
