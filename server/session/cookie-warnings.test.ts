import { describe, expect, it } from 'vitest';
import {
  plainHostCookieWarning,
  replicaProofWarning,
  signInCookieWarning,
} from './cookie-warnings';

const plain = {
  protocol: 'http',
  hostname: 'shop.example',
  peer: '10.0.0.5',
  forwardedProto: undefined,
};

describe('token cookie warnings (issue #25 item 6)', () => {
  it('warns for a host other than localhost when the cookies are Secure and no proxy is trusted to say https', () => {
    const secure = { cookieSecure: true, trustProxy: [] };
    expect(plainHostCookieWarning(secure, 'shop.example')).toMatch(
      /COOKIE_SECURE=true and no TRUST_PROXY, and "shop.example".*TRUST_PROXY/,
    );
    expect(plainHostCookieWarning(secure, '192.168.1.20')).not.toBeNull();
    // npm start's shop: browsers keep Secure cookies from these hosts over plain http.
    for (const hostname of ['localhost', 'harbour.localhost', '127.0.0.1', '[::1]'])
      expect(plainHostCookieWarning(secure, hostname)).toBeNull();
    expect(
      plainHostCookieWarning({ cookieSecure: true, trustProxy: ['10.0.0.0/8'] }, 'shop.example'),
    ).toBeNull();
    expect(
      plainHostCookieWarning({ cookieSecure: false, trustProxy: [] }, 'shop.example'),
    ).toBeNull();
  });

  it('warns for a sign-in over plain http to a host that is not localhost', () => {
    expect(signInCookieWarning({ cookieSecure: true }, plain)).toMatch(
      /plain http with COOKIE_SECURE=true.*COOKIE_SECURE=false/,
    );
    expect(signInCookieWarning({ cookieSecure: true }, { ...plain, protocol: 'https' })).toBeNull();
    expect(signInCookieWarning({ cookieSecure: false }, plain)).toBeNull();
    for (const hostname of ['localhost', 'harbour.localhost', '127.0.0.1', '[::1]'])
      expect(signInCookieWarning({ cookieSecure: true }, { ...plain, hostname })).toBeNull();
  });

  it('names the untrusted peer that said https', () => {
    const warning = signInCookieWarning(
      { cookieSecure: true },
      { ...plain, forwardedProto: 'https' },
    );
    expect(warning).toContain('X-Forwarded-Proto: https came from 10.0.0.5');
    expect(warning).toContain('TRUST_PROXY');
  });

  it('warns at start of replicas sharing Redis without one proof key', () => {
    const redisUrl = 'redis://redis:6379';
    expect(replicaProofWarning({ redisUrl, pageProofSecret: undefined })).toMatch(
      /REDIS_URL is set.*set PAGE_PROOF_SECRET to one value on every gateway/,
    );
    expect(replicaProofWarning({ redisUrl, pageProofSecret: 'x'.repeat(32) })).toBeNull();
    // One gateway alone (npm start): its own key is enough.
    expect(replicaProofWarning({ redisUrl: undefined, pageProofSecret: undefined })).toBeNull();
  });
});
