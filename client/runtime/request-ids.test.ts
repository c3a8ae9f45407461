import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { reportHttpFailure } from './reporting';
import { lastFailedRequest, watchRequests } from './request-ids';

// The fetch wrapper in Node: a window whose fetch answers what each test says, the report a mock.
vi.mock('./reporting', () => ({ reportHttpFailure: vi.fn(async () => 'event-from-browser') }));
const report = vi.mocked(reportHttpFailure);

let answer: () => Promise<Response>;

beforeEach(() => {
  vi.stubGlobal('location', new URL('https://shop.test/products/x'));
  vi.stubGlobal('window', { fetch: () => answer() });
  watchRequests();
  report.mockClear();
});
afterEach(() => vi.unstubAllGlobals());

const respond = (status: number, headers: Record<string, string> = {}) => {
  answer = async () => new Response(null, { status, statusText: `status ${status}`, headers });
};
const proxied = '/api/services/catalogue/api/v1/products/800001';
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the request-id fetch wrapper (ADR 0303: the browser reports faults only)', () => {
  it('keeps a 404 as the last failed request, with its CID, and reports nothing', async () => {
    respond(404, { 'x-correlation-id': 'cid404' });
    const response = await window.fetch(proxied);
    await settle();
    expect(response.status).toBe(404);
    expect(lastFailedRequest()).toEqual({ cid: 'cid404', eventId: null });
    expect(report).not.toHaveBeenCalled();
  });

  it('reports no other 4xx either (400, 403, 429), and still shows their CID', async () => {
    for (const status of [400, 403, 429]) {
      respond(status, { 'x-correlation-id': `cid${status}` });
      await window.fetch(`${proxied}?n=${status}`);
      expect(lastFailedRequest()?.cid).toBe(`cid${status}`);
    }
    await settle();
    expect(report).not.toHaveBeenCalled();
  });

  it('reports a 503 the gateway did not report, and shows the event id it got', async () => {
    respond(503, { 'x-correlation-id': 'cid503' });
    await window.fetch(proxied);
    await settle();
    expect(report).toHaveBeenCalledWith(503, 'status 503', proxied, 'cid503');
    expect(lastFailedRequest()).toEqual({ cid: 'cid503', eventId: 'event-from-browser' });
  });

  it("does not report a 502 again when the gateway did (X-Event-Id), and shows the gateway's id", async () => {
    respond(502, { 'x-correlation-id': 'cid502', 'x-event-id': 'event-from-gateway' });
    await window.fetch(proxied);
    await settle();
    expect(report).not.toHaveBeenCalled();
    expect(lastFailedRequest()?.eventId).toBe('event-from-gateway');
  });

  it('reports a network failure (no answer) as status 0 and lets the error through', async () => {
    answer = () => Promise.reject(new TypeError('Failed to fetch'));
    await expect(window.fetch(proxied)).rejects.toThrow('Failed to fetch');
    expect(report).toHaveBeenCalledWith(0, 'Failed to fetch', proxied, null);
    expect(lastFailedRequest()).toEqual({ cid: null, eventId: null });
  });

  it('reports nothing for an aborted request or an unwatched URL', async () => {
    answer = () => Promise.reject(new DOMException('aborted', 'AbortError'));
    await expect(window.fetch(proxied)).rejects.toThrow('aborted');
    respond(500);
    await window.fetch('https://elsewhere.test/api/x');
    await window.fetch('/assets/app.js');
    await settle();
    expect(report).not.toHaveBeenCalled();
  });
});
