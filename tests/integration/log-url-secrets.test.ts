import { describe, expect, it } from 'vitest';
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
});
