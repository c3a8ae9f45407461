import { describe, expect, it, vi } from 'vitest';
import { endpointGatewayPerFile, SHOP } from '../support/endpoint-gateway';

// Issue #27 item 14 (ADR 0248): the request line of every request, whichever door it came in by,
// shows no authorization code, state or token from its URL; the rest of the URL is kept.
const gw = endpointGatewayPerFile();

const linesOf = (path: string) =>
  gw.logs.filter((line) => typeof line.url === 'string' && line.url.startsWith(path));

describe('secrets in logged URLs', () => {
  it("keeps a social callback's code and state out of the request line", async () => {
    await gw.app.inject({
      url: '/auth/social/demo/callback?code=SECRET-CODE-1&state=SECRET-STATE-2',
      headers: SHOP,
    });
    const lines = linesOf('/auth/social/demo/callback');
    expect(lines).toHaveLength(1);
    expect(lines[0]!.url).toBe('/auth/social/demo/callback?[redacted]');
    expect(JSON.stringify(gw.logs)).not.toContain('SECRET-');
  });

  it('keeps code, state and token parameters out of proxied and page request lines', async () => {
    const proxied = '/api/services/catalogue/api/v1/search?q=milk&token=SECRET-3&state=SECRET-4';
    await gw.app.inject({ url: proxied, headers: SHOP });
    await gw.app.inject({ url: '/search/milk?code=SECRET-5', headers: SHOP });
    expect(linesOf('/api/services/catalogue')[0]!.url).toBe(
      '/api/services/catalogue/api/v1/search?q=milk&token=[redacted]&state=[redacted]',
    );
    expect(linesOf('/search/milk')[0]!.url).toBe('/search/milk?code=[redacted]');
    expect(JSON.stringify(gw.logs)).not.toContain('SECRET-');
  });

  it('writes the line of 4,000 malformed query names without an exception each', async () => {
    // Each name that was no percent-encoding threw and was caught: 8 KiB of `&%` made the request
    // line cost many times the request's own answer, a 400 (ADR 0379; bench/results.md).
    const decode = globalThis.decodeURIComponent;
    let thrown = 0;
    const spy = vi.spyOn(globalThis, 'decodeURIComponent').mockImplementation((text) => {
      try {
        return decode(text);
      } catch (error) {
        thrown++;
        throw error;
      }
    });
    const query = `${'&%'.repeat(4_000)}&token=SECRET-6`;
    try {
      await gw.app.inject({ url: `/api/services/catalogue/api/v1/search?${query}`, headers: SHOP });
    } finally {
      spy.mockRestore();
    }
    const [line] = linesOf('/api/services/catalogue/api/v1/search?&%');
    expect(line!.url).toBe(
      `/api/services/catalogue/api/v1/search?${'&%'.repeat(4_000)}&token=[redacted]`,
    );
    // One: the proxy's check for a `..` reads the whole target once (server/proxy/targets.ts).
    expect(thrown).toBe(1);
  });
});
