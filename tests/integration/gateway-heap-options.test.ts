import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { gatewayCommandLineFlags, gatewayHeapCaps } from '../../scripts/gateway-node-flags.mjs';

// scripts/gateway.sh (npm run start:gateway, the image's command) gives the gateway its heap caps
// as defaults that NODE_OPTIONS can raise (docs/decisions/0228); it once passed them on the
// command line, where they beat NODE_OPTIONS. The young generation's floor goes on the command line
// (node refuses it in NODE_OPTIONS; docs/decisions/0293). A stand-in `node` first on PATH runs the
// real Node with the environment and the node flags the script gave and prints V8's heap limit and
// new space size instead of starting the gateway.
const dir = mkdtempSync(join(tmpdir(), 'storefront-heap-'));
const PRINT =
  "const v8 = require('v8'); console.log(JSON.stringify({ limit: " +
  'v8.getHeapStatistics().heap_size_limit / 2 ** 20, newSpace: v8.getHeapSpaceStatistics()' +
  ".find((space) => space.space_name === 'new_space').space_size / 2 ** 20, " +
  "flags: process.execArgv.filter((arg) => arg !== '-e' && arg.startsWith('--')), " +
  'nodeOptions: process.env.NODE_OPTIONS }))';
writeFileSync(
  join(dir, 'node'),
  [
    '#!/bin/sh',
    'flags=""',
    'for arg in "$@"; do case "$arg" in --*) flags="$flags $arg" ;; esac; done',
    `exec "${process.execPath}" $flags -e "${PRINT}"`,
    '',
  ].join('\n'),
);
chmodSync(join(dir, 'node'), 0o755);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const heap = (env: Record<string, string>) =>
  JSON.parse(
    execFileSync('sh', ['scripts/gateway.sh'], {
      env: { PATH: `${dir}:${process.env.PATH}`, ...env },
      encoding: 'utf8',
    }),
  ) as { limit: number; newSpace: number; flags: string[]; nodeOptions: string };
const heapLimitMb = (env: Record<string, string>) => heap(env).limit;

describe('the gateway start script', () => {
  it('caps the old generation at 96 MB by default and lets NODE_OPTIONS raise it', () => {
    const byDefault = heapLimitMb({});
    const raised = heapLimitMb({ NODE_OPTIONS: '--max-old-space-size=300' });
    expect(byDefault).toBeLessThan(150);
    expect(raised - byDefault).toBeGreaterThanOrEqual(200);
  });

  it('still takes GATEWAY_HEAP_MB', () => {
    expect(heapLimitMb({ GATEWAY_HEAP_MB: '200' }) - heapLimitMb({})).toBeGreaterThanOrEqual(100);
  });

  it('starts the young generation at its cap, so that it never shrinks below it', () => {
    expect(heap({}).newSpace).toBe(4);
    expect(heap({ GATEWAY_SEMI_SPACE_MB: '2' }).newSpace).toBe(2);
    // A smaller cap in NODE_OPTIONS lowers the floor with it.
    expect(heap({ NODE_OPTIONS: '--max-semi-space-size=2' }).newSpace).toBe(2);
  });

  it('turns allocation-site pretenuring off (docs/decisions/0293)', () => {
    expect(heap({}).flags).toContain('--no-allocation-site-pretenuring');
  });

  it("turns V8's memory reducer off (docs/decisions/0400)", () => {
    expect(heap({}).flags).toContain('--no-memory-reducer');
  });

  it('gives the flags every other start of the gateway takes from scripts/gateway-node-flags.mjs', () => {
    const envs: Record<string, string>[] = [
      {},
      { GATEWAY_HEAP_MB: '200', GATEWAY_SEMI_SPACE_MB: '2' },
    ];
    for (const env of envs) {
      const started = heap(env);
      expect(started.flags).toEqual(expect.arrayContaining(gatewayCommandLineFlags(env)));
      expect(started.nodeOptions.trim()).toBe(gatewayHeapCaps(env).join(' '));
    }
  });
});
