import { describe, expect, it } from 'vitest';
import { startEndpointGateway, SHOP } from '../support/endpoint-gateway';
import { startFakeUpstream } from '../support/fake-upstream';
import { requestLineOf } from '../support/request-lines';

// Issue #28 item 4: every line written inside a request carries that request's trace and span ids.
// A proxied call cut by its deadline is told to the engine from the guard's sweep, a timer that
// runs in the async context of whichever call started it (another visitor's request): the
// warning line named that request's trace, so a search by trace id found it under the wrong one.
const CATALOGUE = '/api/services/catalogue/api/v1/products';

describe("a proxied call's timeout warning", () => {
  it('names the trace and span of its own request, not those of the call that started the sweep', async () => {
    const upstream = await startFakeUpstream();
    upstream.on('GET', /^\/api\/services\/catalogue\//, () => new Promise(() => {})); // never
    const gw = await startEndpointGateway({
      PLATFORM_URL: upstream.url,
      SERVICE_URLS: JSON.stringify({ catalogue: { url: upstream.url, timeoutMs: 300 } }),
    });
    try {
      const first = gw.app.inject({ url: `${CATALOGUE}?first`, headers: SHOP });
      await new Promise((resolve) => setTimeout(resolve, 100));
      const second = gw.app.inject({ url: `${CATALOGUE}?second`, headers: SHOP });
      const answers = await Promise.all([first, second]);
      for (const answer of answers) {
        expect(answer.statusCode).toBe(504);
        const cid = answer.headers['x-correlation-id'];
        const line = await requestLineOf(gw.logs, cid);
        const warning = gw.logs.find((l) => l.cid === cid && l.msg === 'proxied call failed');
        expect(warning).toBeDefined();
        expect(line.traceId).toMatch(/^[0-9a-f]{32}$/);
        expect({ traceId: warning!.traceId, spanId: warning!.spanId }).toEqual({
          traceId: line.traceId,
          spanId: line.spanId,
        });
      }
    } finally {
      await gw.close();
      await upstream.close();
    }
  });
});
