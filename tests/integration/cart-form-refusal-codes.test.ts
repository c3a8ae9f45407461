import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bookingPaths } from '../../shared/contracts/booking-paths';
import { uaaPaths } from '../../shared/contracts/uaa';
import { codeOfStatus } from '../../shared/error-codes';
import { serveContext, startPageGateway, type PageGateway } from '../support/page-gateway';

// The cart form without JavaScript (POST /cart) refused: its answer's code is its status's, as
// every refusal of the gateway's (shared/error-codes.ts, the documents' `x-error-codes`). Before,
// a change booking-ms refused with a 409 was `refused` and one it could not make `bad_gateway`,
// two words no document named.
let gw: PageGateway;
beforeAll(async () => {
  gw = await startPageGateway();
});
afterAll(async () => {
  await gw?.app.close();
  await gw?.upstream.close();
});
beforeEach(() => {
  gw.upstream.reset();
  serveContext(gw.upstream);
  gw.upstream.on('GET', uaaPaths.account, { body: { id: 'ann', login: 'ann', email: 'ann@x.ie' } });
  gw.upstream.on('*', /\/api\/services\/booking-ms\//, { body: { items: [] } });
});

/** The action's error code, from the page's data (React Router's stream in the document). */
const actionCode = (html: string) => /\\"code\\",\\"([a-z_]+)\\"/.exec(html)?.[1] ?? null;

describe('POST /cart refused', () => {
  it.each([
    [409, 409],
    [422, 422],
    [500, 502],
  ])(
    'booking-ms answering %i: the page answers %i with its status’s code',
    async (booking, page) => {
      gw.upstream.on('PUT', bookingPaths.item('fresh'), {
        status: booking,
        body: { error: { message: 'not now' } },
      });
      const res = await gw.app.inject({
        method: 'POST',
        url: '/cart',
        payload: 'intent=set&offeringId=o1&byCase=false&quantity=1&returnTo=/',
        headers: {
          host: 'localhost:3000',
          origin: 'http://localhost:3000',
          'content-type': 'application/x-www-form-urlencoded',
          cookie: 'access_token=ann-access; refresh_token=ann-refresh',
        },
      });
      expect(res.statusCode).toBe(page);
      expect(actionCode(res.body)).toBe(codeOfStatus(page));
    },
  );
});
