import { readReportingDsnFromDocument } from '../lib/cid-context';
import { whenIdle } from '../lib/idle';
import { retryingImport } from './retrying-import';

// Browser error reporting (issue #7 item 2), kept off the first load: this file only listens and
// queues; @sentry/react (./sentry-browser) is loaded a second after the page is idle, or at the
// first error, and only when the gateway handed the page a public DSN (<meta name="error-reporting">).
// Errors seen before the SDK is there are queued and sent once it is. What every event names (the
// release, the page's CID, the route id, a signed-in visitor's login and e-mail) is the SDK
// module's to add: it reads them when the event is sent. An SDK that failed to load is tried
// again at a later report (./retrying-import.ts), the errors queued meanwhile kept.
let dsn: string | null = null;
const early: unknown[] = [];

const onError = (event: ErrorEvent) => reportError(event.error ?? new Error(event.message));
const onRejection = (event: PromiseRejectionEvent) => reportError(event.reason);

// Loaded and started once; a failed load is tried again at a later report, queued errors kept.
const importSdk = retryingImport(async () => {
  const sdk = await import('./sentry-browser');
  // The SDK has its own global handlers from here on.
  removeEventListener('error', onError);
  removeEventListener('unhandledrejection', onRejection);
  sdk.start(dsn!, early.splice(0));
  return sdk;
});

export function startReporting(): void {
  dsn = readReportingDsnFromDocument();
  if (!dsn) return;
  addEventListener('error', onError);
  addEventListener('unhandledrejection', onRejection);
  setTimeout(() => whenIdle(importSdk), 1_000);
}

/** Reports an error; resolves with the event id (null when reporting is off or not loaded yet). */
export async function reportError(error: unknown): Promise<string | null> {
  // Not loaded without a DSN (reporting off).
  const sdk = dsn && (await importSdk());
  if (sdk) return sdk.captureError(error);
  // For the SDK once it is there: the newest 50, should it never come.
  if (dsn && early.push(error) > 50) early.shift();
  return null;
}

/** Reports a failed request as "[status] statusText (url)" (specification section 8). */
export async function reportHttpFailure(
  status: number,
  statusText: string,
  url: string,
  cid: string | null,
): Promise<string | null> {
  const sdk = dsn && (await importSdk());
  return sdk ? sdk.captureHttpFailure(status, statusText, url, cid) : null;
}
