import { useState } from 'react';
import { reportError } from '../../runtime/reporting';
import { useFailedRequest } from '../../runtime/request-ids';

// The browser half of /sentry-test: a browser error (reported through the tunnel) and a failed
// fetch (a proxied call the platform answers 404). A 4xx is not a fault: neither the gateway nor
// the browser runtime reports it (ADRs 0251, 0303), so it shows its CID and no event id; a 5xx
// the gateway did not report would show the runtime's event id once the report left.
export const SENTRY_TEST_BROWSER_ERROR = 'Sentry test: browser error';
export const SENTRY_TEST_MISSING =
  '/api/services/catalogue/api/v1/products/by-slug?slug=sentry-test-missing';

type Result = { cid: string | null; eventId: string | null; status?: number };

export function BrowserTests({ pageCid }: { pageCid: string }) {
  const [browser, setBrowser] = useState<Result | null>(null);
  const [fetched, setFetched] = useState<Result | null>(null);
  const failed = useFailedRequest();
  // The gateway's X-Event-Id, else the runtime's report of the same answer (same CID).
  const fetchResult =
    fetched && !fetched.eventId && failed?.cid === fetched.cid
      ? { ...fetched, eventId: failed.eventId }
      : fetched;

  const raiseBrowserError = async () => {
    const eventId = await reportError(new Error(SENTRY_TEST_BROWSER_ERROR));
    setBrowser({ cid: pageCid, eventId });
  };
  const failFetch = async () => {
    const response = await fetch(SENTRY_TEST_MISSING, { headers: { accept: 'application/json' } });
    setFetched({
      status: response.status,
      cid: response.headers.get('x-correlation-id'),
      eventId: response.headers.get('x-event-id'),
    });
  };

  return (
    <>
      <li>
        <button
          type="button"
          className="button"
          onClick={() => void raiseBrowserError()}
          data-test="browser-error"
        >
          Raise a browser error
        </button>
        {browser && <ResultLine result={browser} test="browser-result" />}
      </li>
      <li>
        <button
          type="button"
          className="button"
          onClick={() => void failFetch()}
          data-test="failed-fetch"
        >
          Make a failed fetch
        </button>
        {fetchResult && <ResultLine result={fetchResult} test="fetch-result" />}
      </li>
    </>
  );
}

function ResultLine({ result, test }: { result: Result; test: string }) {
  const why = result.status && result.status < 500 ? 'not a fault' : 'reporting is off';
  return (
    <p className="sentry-test-result" data-test={test}>
      {result.status ? `Answer ${result.status}. ` : ''}CID <code>{result.cid ?? 'none'}</code>,
      event id <code>{result.eventId ?? `none (${why})`}</code>
    </p>
  );
}
