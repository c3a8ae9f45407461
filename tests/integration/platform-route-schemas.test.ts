import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { StoredBlinkReport } from '../../shared/contracts/blink';
import { startPlatform, TEST_CID, type TestPlatform } from '../support/platform';

// Routes validate params, query and body with the zod schemas in their `schema` (the type provider,
// docs/decisions/0191): a refusal is the services' 400 shape naming the part and the field, the
// handler never runs, and answers go out through the response schema.
let platform: TestPlatform;
const CID = 'BlinkCid000000000000000000000001';
const report = {
  checks: [{ id: 'gateway', label: 'Gateway', status: 'ok', detail: 'ok' }],
  userAgent: 'test',
  javascript: true,
  clockSkewMs: 3,
  roundTripMs: 12,
};

beforeAll(async () => {
  platform = await startPlatform({ seeds: ['core'] });
});
afterAll(() => platform.close());

const errorOf = async (response: Response) => ({
  status: response.status,
  body: (await response.json()) as { error: { code: string; message: string; cid: string } },
});

describe('route schemas', () => {
  it('refuse a bad path parameter, query and body with 400 in the shape, naming part and field', async () => {
    const path = await errorOf(
      await platform.call('/api/services/diagnostics/api/v1/blink-reports/short'),
    );
    expect(path).toEqual({
      status: 400,
      body: {
        error: {
          code: 'bad_request',
          message: expect.stringMatching(/^Invalid path: cid: /),
          cid: TEST_CID,
        },
      },
    });

    const query = await errorOf(await platform.call('/dev/outbox?limit=0'));
    expect(query.status).toBe(400);
    expect(query.body.error.message).toMatch(/^Invalid query: limit: /);

    const body = await errorOf(
      await platform.call(`/api/services/diagnostics/api/v1/blink-reports/${CID}`, {
        method: 'PUT',
        body: { ...report, javascript: 'yes' },
      }),
    );
    expect(body.status).toBe(400);
    expect(body.body.error).toMatchObject({ code: 'bad_request', cid: TEST_CID });
    expect(body.body.error.message).toMatch(/^Invalid body: javascript: /);
    // Nothing was stored by the refused request.
    expect(
      (await platform.call(`/api/services/diagnostics/api/v1/blink-reports/${CID}`)).status,
    ).toBe(404);
  });

  it('keep uaa in its OAuth shape', async () => {
    const response = await platform.call('/api/services/uaa/api/v1/auth/sign-in', {
      method: 'POST',
      body: { email: 'not-an-email' },
    });
    expect(response.status).toBe(400);
    const body = await response.json();
    expect(body).toMatchObject({ error: 'invalid_request', cid: TEST_CID });
    expect(body.error_description).toMatch(/^Invalid body: /);
  });

  it('store and answer through the schemas: what was sent comes back', async () => {
    const put = await platform.call(`/api/services/diagnostics/api/v1/blink-reports/${CID}`, {
      method: 'PUT',
      body: report,
    });
    expect(put.status).toBe(204);
    const get = await platform.call(`/api/services/diagnostics/api/v1/blink-reports/${CID}`);
    expect(get.status).toBe(200);
    const stored = StoredBlinkReport.parse(await get.json());
    expect(stored).toMatchObject({ cid: CID, report });
  });
});
