import type { ReportUser } from '../../shared/report-user';
import { readCidFromDocument, readReportingDsnFromDocument } from '../lib/cid-context';
import { whenIdle } from '../lib/idle';
import { pageBuildVersion } from '../lib/react-router-adapter';
import { retryingImport } from './retrying-import';
import type * as SentryBrowser from './sentry-browser';

// Browser error reporting (issue #7 item 2), kept off the first load: this file only listens;
// @sentry/react (./sentry-browser) is loaded a second after the page is idle, or at the first
// error, and only when the gateway handed the page a public DSN (<meta name="error-reporting">).
// Errors seen before the SDK is there are queued and sent once it is. Every event names the
// release (the build's version, as the gateway's reports do), the page's CID, the route id and,
// for a signed-in visitor, their login and e-mail (./reporting-context.ts keeps them current;
// nothing for a guest). An SDK that failed to load is tried again at a later report
// (./retrying-import.ts), the errors queued meanwhile kept.
type Sdk = typeof SentryBrowser;

let dsn: string | null = null;
/** The SDK once loaded and started. */
let started: Sdk | null = null;
let user: ReportUser | null = null;
let route: string | null = null;
const early: unknown[] = [];

/** Errors for the SDK once it is there: the newest 50, should it never come. */
function queue(error: unknown) {
  if (early.push(error) > 50) early.shift();
}
const onError = (event: ErrorEvent) => {
  queue(event.error ?? new Error(event.message));
  void load();
};
const onRejection = (event: PromiseRejectionEvent) => {
  queue(event.reason);
  void load();
};

// Loaded and started once; a failed load is tried again at a later report, queued errors kept.
const importSdk = retryingImport(async () => {
  const sdk = await import('./sentry-browser');
  // The SDK has its own global handlers from here on.
  window.removeEventListener('error', onError);
  window.removeEventListener('unhandledrejection', onRejection);
  sdk.start(dsn!, readCidFromDocument(), pageBuildVersion());
  sdk.setUser(user);
  sdk.setRoute(route);
  for (const error of early.splice(0)) sdk.captureError(error);
  return (started = sdk);
});

function load(): Promise<Sdk | null> {
  return dsn ? importSdk() : Promise.resolve(null);
}

export function reportingEnabled(): boolean {
  return dsn !== null;
}

export function startReporting(): void {
  dsn = readReportingDsnFromDocument();
  if (!dsn) return;
  window.addEventListener('error', onError);
  window.addEventListener('unhandledrejection', onRejection);
  window.setTimeout(() => whenIdle(() => void load()), 1_000);
}

/** Reports an error; resolves with the event id (null when reporting is off). */
export async function reportError(error: unknown): Promise<string | null> {
  const sdk = await load();
  if (sdk) return sdk.captureError(error);
  if (dsn) queue(error);
  return null;
}

/** "[status] statusText (url)" (specification section 8), with the visitor when logged in. */
export async function reportHttpFailure(
  status: number,
  statusText: string,
  url: string,
  cid: string | null,
): Promise<string | null> {
  const sdk = await load();
  return sdk ? sdk.captureHttpFailure(`[${status}] ${statusText} (${url})`, cid) : null;
}

export function setReportingUser(next: ReportUser | null): void {
  user = next;
  started?.setUser(next);
}

/** The route id of the page shown (React Router's, the route table's id). */
export function setReportingRoute(next: string | null): void {
  route = next;
  started?.setRoute(next);
}
