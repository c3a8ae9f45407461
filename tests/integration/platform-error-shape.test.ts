import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRaw, type RawAnswer } from '../fuzz/raw-http';
import { startPlatform, TEST_CID, type TestPlatform } from '../support/platform';

// Every error of the platform has the gateway's shape { error: { code, message, cid } }, with the
// caller's correlation id, including the ones Node and Fastify answer before any route (findings of
// tests/fuzz/platform.fuzz.test.ts); values the database refuses are the client's 400, not a 500.
let platform: TestPlatform;
let port: number;

beforeAll(async () => {
  platform = await startPlatform({ seeds: ['core'] });
  port = Number(new URL(platform.url).port);
});
afterAll(() => platform?.close());

const raw = (target: string, headers: [string, string][] = []) =>
  sendRaw(port, {
    method: 'GET',
    target,
    headers: [
      ['Host', '127.0.0.1'],
      ['X-Domain-Origin', 'http://localhost:3000'],
      ['X-Correlation-Id', TEST_CID],
      ...headers,
      ['Connection', 'close'],
    ],
  });

function shapeOf(answer: RawAnswer) {
  const error = JSON.parse(answer.body).error;
  return { status: answer.status, code: error.code, cid: error.cid, message: typeof error.message };
}

describe('platform errors', () => {
  it('carry the caller correlation id', async () => {
    expect(shapeOf(await raw('/cms-api/nothing-here'))).toEqual({
      status: 404,
      code: 'not_found',
      cid: TEST_CID,
      message: 'string',
    });
  });

  it('answer a path Fastify cannot decode and an overlong parameter in the shape', async () => {
    expect(shapeOf(await raw('/cms-api/pages/%c0'))).toMatchObject({ status: 400, cid: TEST_CID });
    expect(shapeOf(await raw(`/cms-api/pages/${'a'.repeat(400)}`))).toMatchObject({
      status: 414,
      cid: TEST_CID,
    });
  });

  it('answer a NUL byte in a parameter with 400, not a database 500', async () => {
    expect(shapeOf(await raw('/cms-api/policies/..%00'))).toMatchObject({
      status: 400,
      code: 'bad_request',
    });
  });

  it('treat a malformed access_token cookie as no token (401, not 500)', async () => {
    const answer = await raw('/api/services/profile/api/v1/info', [
      ['Cookie', 'access_token=%E0%A4%A'],
    ]);
    expect(answer.status).toBe(401);
  });

  it('answer an unsupported Expect and oversized headers in the shape', async () => {
    expect(shapeOf(await raw('/healthz', [['Expect', 'teapot']]))).toEqual({
      status: 417,
      code: 'expectation_failed',
      cid: TEST_CID,
      message: 'string',
    });
    const big = shapeOf(await raw('/healthz', [['X-Big', 'b'.repeat(20_000)]]));
    expect(big).toMatchObject({ status: 431, code: 'headers_too_large' });
    expect(big.cid).toMatch(/^[A-Za-z0-9]{32}$/);
  });
});
