import { useSyncExternalStore } from 'react';
import { reportHttpFailure } from './reporting';

// One CID per failure (issue #7 item 6): every data request and proxied call gets its own CID
// from the gateway (X-Correlation-ID of its response). This wrapper of window.fetch remembers the
// last failed one, so the error screen shows the CID (and report id, X-Event-Id) of the request
// that failed, the one in the logs and in the upstream call, 4xx included. Only a fault is
// reported from here, as "[status] statusText (url)": no answer, or a 5xx the gateway did not
// report itself (no X-Event-Id); never a 4xx (ADR 0303, faults only as ADR 0251).
// What the screens show of it (its CID and report id): a network failure (no answer) has neither.
export type FailedRequest = {
  cid: string | null;
  eventId: string | null;
};

let last: FailedRequest | null = null;
const listeners = new Set<() => void>();

export function lastFailedRequest(): FailedRequest | null {
  return last;
}
export function subscribeFailedRequest(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function setLast(next: FailedRequest | null) {
  last = next;
  for (const listener of listeners) listener();
}

const WATCHED = /^\/(api|auth)\/|\.data(\?|$)/;

export function watchRequests(): void {
  const original = window.fetch.bind(window);
  window.fetch = async (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input), location.href);
    const path = url.pathname + url.search;
    if (url.origin !== location.origin || !WATCHED.test(path)) return original(input, init);
    if (/\.data(\?|$)/.test(path) && last) setLast(null);
    let response: Response;
    try {
      response = await original(input, init);
    } catch (error) {
      if ((error as Error).name !== 'AbortError') {
        setLast({ cid: null, eventId: null });
        void reportHttpFailure(0, (error as Error).message, path, null);
      }
      throw error;
    }
    if (response.status >= 400 && response.status !== 401) {
      const failure: FailedRequest = {
        cid: response.headers.get('x-correlation-id'),
        eventId: response.headers.get('x-event-id'),
      };
      setLast(failure);
      if (response.status >= 500 && !failure.eventId) {
        void reportHttpFailure(response.status, response.statusText, path, failure.cid).then(
          (eventId) => eventId && setLast({ ...failure, eventId }),
        );
      }
    }
    return response;
  };
}

/** The last failed request of this page (null on the server and while hydrating). */
export function useFailedRequest(): FailedRequest | null {
  return useSyncExternalStore(subscribeFailedRequest, lastFailedRequest, () => null);
}
