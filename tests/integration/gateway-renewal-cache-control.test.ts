import { describe, expect, it } from 'vitest';
import { uaaPaths } from '../../shared/contracts/uaa';
import {
  fastPathGatewayPerFile,
  jwt,
  viaRoute,
  viaSocket,
  type Seen,
} from '../support/proxy-fast-path';

// A product picture is proxied with the visitor's token and keeps the upstream's public cache
// policy (ADR 0155). The call that renews the visitor's token carries the new pair (or the
// cleared cookies) in Set-Cookie: that answer must never be publicly cacheable, or a shared cache
// in front of the gateway would hand one shopper's tokens to the next (security checklist:
// `private, no-store` on authenticated responses). Through both doors of the engine (ADR 0210).
const PICTURE = '/api/services/catalogue/api/v1/images/p-1/1.svg';
const PUBLIC_PICTURE = {
  headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' },
  body: '<svg xmlns="http://www.w3.org/2000/svg"/>',
};
const NEW_PAIR = {
  access_token: jwt(300),
  refresh_token: 'rt-new',
  token_type: 'Bearer',
  expires_in: 300,
  refresh_expires_in: 86_400,
};

const fp = fastPathGatewayPerFile();
// Each door, and how many calls the front door served on it (it takes plain reads on a socket).
const doors = [
  ['the front door', viaSocket, 1],
  ['the proxy route', viaRoute, 0],
] as const;

// A refresh token of its own per request: the gateway shares one renewal of a refresh token
// between the requests that present it within a short while (the refresher's rule).
let sessions = 0;
const cookie = (accessToken: string) => ({
  cookie: `access_token=${accessToken}; refresh_token=rt-${++sessions}`,
});

/** The visitor's answer: its status, cache policy and the names of the cookies it sets. */
const outcome = ({ answer, served }: Seen) => ({
  served,
  status: answer.status,
  cacheControl: answer.headers['cache-control'],
  cookies: ((answer.headers['set-cookie'] as string[] | undefined) ?? []).map(
    (c) => c.split('=')[0],
  ),
});
const renewedPrivate = (served: number) => ({
  served,
  status: 200,
  cacheControl: 'private, no-store',
  cookies: ['access_token', 'refresh_token', 'session_proof'],
});

describe.each(doors)('a public picture through %s', (_door, via, served) => {
  it('keeps its public policy when no cookie is set', async () => {
    fp.gw.upstream.on('GET', PICTURE, PUBLIC_PICTURE);
    const seen = await via(fp, 'GET', PICTURE, cookie(jwt(600)));
    expect(outcome(seen)).toEqual({
      served,
      status: 200,
      cacheControl: 'public, max-age=86400',
      cookies: [],
    });
  });

  it('is private, no-store when it carries a token renewed first', async () => {
    fp.gw.upstream.on('GET', PICTURE, PUBLIC_PICTURE);
    fp.gw.upstream.on('POST', uaaPaths.refresh, { body: NEW_PAIR });
    const seen = await via(fp, 'GET', PICTURE, cookie(jwt(10)));
    expect(outcome(seen)).toEqual(renewedPrivate(served));
    expect(seen.answer.body).toBe(PUBLIC_PICTURE.body);
  });

  it('is private, no-store when renewed after a 401', async () => {
    fp.gw.upstream.on('GET', PICTURE, (request) =>
      request.headers.authorization === `Bearer ${NEW_PAIR.access_token}`
        ? PUBLIC_PICTURE
        : { status: 401, body: { error: 'expired' } },
    );
    fp.gw.upstream.on('POST', uaaPaths.refresh, { body: NEW_PAIR });
    const seen = await via(fp, 'GET', PICTURE, cookie('opaque-old'));
    expect(outcome(seen)).toEqual(renewedPrivate(served));
  });

  it('is private, no-store on the second try after a 503', async () => {
    let tries = 0;
    fp.gw.upstream.on('GET', PICTURE, () =>
      ++tries === 1
        ? { status: 503, headers: { 'retry-after': '0' }, body: 'busy' }
        : PUBLIC_PICTURE,
    );
    fp.gw.upstream.on('POST', uaaPaths.refresh, { body: NEW_PAIR });
    const seen = await via(fp, 'GET', PICTURE, cookie(jwt(10)));
    expect(tries).toBe(2);
    expect(outcome(seen)).toEqual(renewedPrivate(served));
  });

  it('is private, no-store when it clears an ended session', async () => {
    fp.gw.upstream.on('GET', PICTURE, PUBLIC_PICTURE);
    fp.gw.upstream.on('POST', uaaPaths.refresh, { status: 400, body: { error: 'invalid_grant' } });
    // An expired token: uaa's refusal ends the session (one still valid would go on, ADR 0022).
    const seen = await via(fp, 'GET', PICTURE, cookie(jwt(-10)));
    expect(outcome(seen)).toEqual(renewedPrivate(served));
    expect(seen.answer.headers['set-cookie']).toEqual(
      expect.arrayContaining([expect.stringMatching(/^access_token=; Max-Age=0/)]),
    );
  });
});
