import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCid } from '../../shared/cid';
import { startPlatform, TENANTS, type TestPlatform } from '../support/platform';
import { pathFrom, requestArbitrary } from './arbitraries';
import { FUZZ_RUNS, FUZZ_SEED, report, runCampaign } from './runner';

// The reference platform (every service, seeded, over HTTP on 127.0.0.1) under FUZZ_RUNS
// (10,000) generated requests to its own routes (from its OpenAPI document), as the gateway would
// send them and worse: product headers right or wrong, a valid shopper's token or a bad one. No
// 5xx, no request without an answer, every error in the shape { error: { code, message, cid } }
// (uaa: OAuth-style { error, error_description, cid }), memory bounded.
const GROWTH_LIMIT_MB = 400;
let platform: TestPlatform;
let token: string;

beforeAll(async () => {
  // FUZZ_PLATFORM_LOG=error shows the platform's own account of a finding.
  platform = await startPlatform({
    config: { logLevel: process.env.FUZZ_PLATFORM_LOG ?? 'silent' },
  });
  token = await platform.tokenFor({
    principalId: TENANTS.fresh.accountId,
    accountId: TENANTS.fresh.accountId,
    tenantId: 'fresh',
  });
});
afterAll(() => platform?.close());

const UAA = '/api/services/uaa/';
const residentMb = () => process.memoryUsage().rss / 2 ** 20;

describe('the platform under generated requests', () => {
  it(
    `answers ${FUZZ_RUNS} requests without a 5xx and in the error shape`,
    { timeout: 600_000 },
    async () => {
      const document = (await (await fetch(`${platform.url}/openapi.json`)).json()) as {
        paths: Record<string, unknown>;
      };
      const templates = Object.keys(document.paths);
      const port = Number(new URL(platform.url).port);
      const productHeaders = fc
        .record({
          origin: fc.oneof(
            { weight: 6, arbitrary: fc.constantFrom(TENANTS.fresh.origin, TENANTS.harbour.origin) },
            {
              weight: 1,
              arbitrary: fc.constantFrom('http://evil.example', '', 'not a url', 'http://[::1'),
            },
          ),
          cid: fc.oneof(
            { weight: 4, arbitrary: fc.constant(createCid()) },
            { weight: 1, arbitrary: fc.constantFrom('', 'short', 'x'.repeat(300)) },
          ),
          authorization: fc.oneof(
            { weight: 3, arbitrary: fc.constant(`Bearer ${token}`) },
            { weight: 2, arbitrary: fc.constant(null) },
            {
              weight: 1,
              arbitrary: fc.constantFrom(
                'Bearer ',
                'Bearer x.y.z',
                'Basic YTpi',
                `bearer ${token}x`,
              ),
            },
          ),
        })
        .map(({ origin, cid, authorization }) => {
          const headers: [string, string][] = [
            ['X-Domain-Origin', origin],
            ['X-Correlation-Id', cid],
            ['X-Client-Name', 'cms-website'],
          ];
          if (authorization) headers.push(['Authorization', authorization]);
          return headers;
        });
      const before = residentMb();
      let peak = before;
      const { findings, sent } = await runCampaign({
        port,
        arbitrary: requestArbitrary({
          hosts: [`127.0.0.1:${port}`],
          paths: pathFrom(templates),
          extraHeaders: productHeaders,
        }),
        oauth: (request) => request.target.includes(UAA) || request.target.includes('/uaa/'),
        onProgress: () => void (peak = Math.max(peak, residentMb())),
      });
      const health = (await fetch(`${platform.url}/healthz`)).status;
      console.info(
        `platform fuzz: seed ${FUZZ_SEED}, ${sent} requests over ${templates.length} routes, ${findings.length} findings, resident ${Math.round(before)} MB before, ${Math.round(peak)} MB at most`,
      );
      expect(sent).toBe(FUZZ_RUNS);
      expect(findings.length, report('platform fuzz', FUZZ_SEED, findings)).toBe(0);
      expect(health).toBe(200);
      expect(peak - before).toBeLessThan(GROWTH_LIMIT_MB);
    },
  );
});
