import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// scripts/gateway.sh (npm run start:gateway, the image's command) gives the gateway its heap caps
// as defaults that NODE_OPTIONS can raise (docs/decisions/0228); it once passed them on the
// command line, where they beat NODE_OPTIONS. A stand-in `node` first on PATH runs the real Node
// with the environment the script made and prints V8's heap limit instead of starting the gateway.
const dir = mkdtempSync(join(tmpdir(), 'storefront-heap-'));
writeFileSync(
  join(dir, 'node'),
  `#!/bin/sh\nexec "${process.execPath}" -e "console.log(require('v8').getHeapStatistics().heap_size_limit / 2 ** 20)"\n`,
);
chmodSync(join(dir, 'node'), 0o755);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const heapLimitMb = (env: Record<string, string>) =>
  Number(
    execFileSync('sh', ['scripts/gateway.sh'], {
      env: { PATH: `${dir}:${process.env.PATH}`, ...env },
      encoding: 'utf8',
    }).trim(),
  );

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
});
