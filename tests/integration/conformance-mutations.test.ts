import { readFile } from 'node:fs/promises';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_DEADLINES } from '../../scripts/conformance/deadline';
import { conforms, runConformance, type RunOptions } from '../../scripts/conformance/run';
import { readContract, type Contract } from '../../scripts/conformance/validate';
import { CONTRACT_MUTATIONS, HARMLESS_MUTATIONS } from '../support/contract-mutations';
import { startMutatingProxy, type MutatingProxy } from '../support/mutating-proxy';
import { loadConfig } from '../../server/config';
import { DEMO, startPlatform, TENANTS, type TestPlatform } from '../support/platform';

// Does the conformance kit (ADR 0233) catch an incompatible upstream? The reference platform
// behind a proxy that breaks the contract as an adopter's service might
// (../support/contract-mutations.ts): the kit must fail the operation by name, say what is wrong
// and not conform (exit status 1), or for an answer the contract allows but the shop goes without
// (ADR 0351) warn by name and fail only when strict; what the contract does not ask for must
// neither fail it nor make it warn.
let platform: TestPlatform;
let proxy: MutatingProxy;
let contract: Contract;
beforeAll(async () => {
  platform = await startPlatform();
  proxy = await startMutatingProxy(platform.url);
  const document = new URL('../../docs/api/upstream.openapi.json', import.meta.url);
  contract = readContract(JSON.parse(await readFile(document, 'utf8')));
});
afterAll(async () => {
  await proxy?.close();
  await platform?.close();
});

const check = (options: Partial<RunOptions> = {}) =>
  runConformance(contract, {
    baseUrl: proxy.url,
    origin: TENANTS.fresh.origin,
    credentials: DEMO,
    ...options,
  });
/** The rows that are not a plain pass: failures of required operations, and every warning. */
const failures = (results: Awaited<ReturnType<typeof check>>) =>
  results
    .filter(
      (r) =>
        r.outcome === 'warn' || (r.operation.required && !['pass', 'present'].includes(r.outcome)),
    )
    .map((r) => `${r.operation.operationId}: ${r.outcome} (${r.detail})`);

/** `npm run conformance` against the proxy, as the test account: its exit status and output. */
async function kit(args: string[] = []): Promise<{ code: number; stdout: string }> {
  const run = promisify(execFile)(
    'npx',
    ['tsx', 'scripts/conformance.ts', proxy.url, '--origin', TENANTS.fresh.origin, ...args],
    {
      cwd: new URL('../..', import.meta.url),
      env: { ...process.env, CONFORMANCE_EMAIL: DEMO.email, CONFORMANCE_PASSWORD: DEMO.password },
    },
  );
  return run.then(
    ({ stdout }) => ({ code: 0, stdout }),
    (error: { code: number; stdout: string }) => error,
  );
}

describe('the conformance kit against a mutated platform', () => {
  it('passes the platform unchanged', { timeout: 60_000 }, async () => {
    proxy.use(undefined);
    const results = await check();
    expect(failures(results)).toEqual([]);
    expect(conforms(results)).toBe(true);
  });

  for (const { name, mutation } of HARMLESS_MUTATIONS)
    it(`does not fail ${name}`, { timeout: 60_000 }, async () => {
      proxy.use(mutation);
      const results = await check();
      expect(failures(results)).toEqual([]);
    });

  for (const { name, mutation, operation, problem, options, outcome } of CONTRACT_MUTATIONS)
    it(`names ${name}`, { timeout: 60_000 }, async () => {
      proxy.use(mutation);
      const results = await check(options);
      const row = results.find((r) => r.operation.operationId === operation);
      expect(row, operation).toMatchObject({
        outcome: outcome ?? 'fail',
        detail: expect.stringMatching(problem),
      });
      expect(conforms(results)).toBe(outcome === 'warn');
      expect(conforms(results, { strict: true })).toBe(false);
    });

  it(
    'says that a probed operation is not called for real, so an extra request field cannot show',
    { timeout: 60_000 },
    async () => {
      // Placing an order needs a field the gateway does not send: the probe's bad body is refused
      // as before, and the kit can only say what a probe cannot show (ADR 0351).
      proxy.use(async (request, forward) =>
        request.method === 'POST' &&
        request.path.endsWith('/orders/api/v1/orders') &&
        !request.body.includes('"deliveryWindow"')
          ? {
              status: 400,
              headers: { 'content-type': 'application/json' },
              body: '{"error":{"code":"bad_request","message":"deliveryWindow is required"}}',
            }
          : forward(),
      );
      const results = await check();
      expect(results.find((r) => r.operation.operationId === 'ordersPostOrders')).toMatchObject({
        outcome: 'present',
        detail: expect.stringMatching(
          /not called for real, so a request field it needs beyond the contract cannot show: check it by hand/,
        ),
      });
    },
  );

  it(
    'exits with status 1 and names the operation on the command line',
    { timeout: 60_000 },
    async () => {
      proxy.use(CONTRACT_MUTATIONS.find((m) => m.operation === 'ordersGetOrdersById')!.mutation);
      const failed = await kit();
      expect(failed.code).toBe(1);
      expect(failed.stdout).toMatch(
        /^ordersGetOrdersById\s+GET \S+\s+required\s+fail\s.*\/total must be integer/m,
      );
      expect(failed.stdout).toMatch(
        /Does not conform: \d+ required operations do not pass: .*ordersGetOrdersById/,
      );
    },
  );

  it(
    'prints a renamed field as a warning: exit status 0, or 1 with --strict',
    { timeout: 60_000 },
    async () => {
      proxy.use(CONTRACT_MUTATIONS.find((m) => m.outcome === 'warn')!.mutation);
      const warned = await kit();
      expect(warned.code).toBe(0);
      expect(warned.stdout).toMatch(/^uaaGetAccount\s+GET \S+\s+required\s+warn\s.*has mail, /m);
      expect(warned.stdout).toMatch(/Warnings \(passing; --strict fails them\): .*uaaGetAccount/);
      const strict = await kit(['--strict']);
      expect(strict.code).toBe(1);
      expect(strict.stdout).toMatch(
        /Does not conform: 1 required operations do not pass: uaaGetAccount$/m,
      );
    },
  );

  it('waits for each answer as long as the gateway does by default', () => {
    const { timeouts } = loadConfig({ PLATFORM_URL: 'http://platform.example' });
    expect(DEFAULT_DEADLINES).toEqual({
      contextTimeoutMs: timeouts.context,
      proxyTimeoutMs: timeouts.proxy,
    });
  });
});
