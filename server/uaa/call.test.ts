import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  oneUpstreamPlatform,
  type OneUpstreamPlatform,
} from '../../tests/support/one-upstream-platform';
import { callUaa } from './call';

// callUaa reads uaa's answer as JSON itself (the platform call hands every caller the text):
// null when the body is empty or not JSON, never a throw.
const bodies: Record<string, { type: string; body: string }> = {
  '/json': { type: 'application/json', body: '{"access_token":"a1","expires_in":300}' },
  '/empty': { type: 'application/json', body: '' },
  '/text': { type: 'text/plain', body: 'upstream says no' },
};
let upstream: OneUpstreamPlatform;

beforeAll(async () => {
  upstream = await oneUpstreamPlatform((req, res) => {
    const answer = bodies[req.url ?? ''] ?? { type: 'text/plain', body: 'missing' };
    res.writeHead(req.url === '/text' ? 502 : 200, { 'content-type': answer.type });
    res.end(answer.body);
  });
});
afterAll(() => upstream.close());

const call = (path: string) =>
  callUaa(
    upstream.platform,
    2_000,
    { cid: 'c'.repeat(32), shopOrigin: 'http://shop.localhost' },
    {
      method: 'GET',
      path,
    },
  );

describe('callUaa', () => {
  it('parses a JSON answer', async () => {
    expect(await call('/json')).toEqual({
      kind: 'answered',
      status: 200,
      body: { access_token: 'a1', expires_in: 300 },
    });
  });

  it('gives null for an empty body and for a body that is not JSON, with the status', async () => {
    expect(await call('/empty')).toEqual({ kind: 'answered', status: 200, body: null });
    expect(await call('/text')).toEqual({ kind: 'answered', status: 502, body: null });
  });
});
