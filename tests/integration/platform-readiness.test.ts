import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startPlatform, type TestPlatform } from '../support/platform';

// The platform's probes as Kubernetes reads them (deploy/k8s/platform.yaml): /healthz is the
// process alive, /readyz its database answering (on PGlite here, on PostgreSQL in the postgres
// project). It had /healthz alone for both. A database that fails or does not answer: the unit
// test, platform/http/readiness.test.ts. Probes come every few seconds: they write no log line
// (as the gateway's own probes), other requests do.
let platform: TestPlatform;
const log: string[] = [];

beforeAll(async () => {
  platform = await startPlatform({
    seeds: ['core'],
    config: { logLevel: 'info' },
    logStream: { write: (line) => void log.push(line) },
  });
});
afterAll(() => platform?.close());

const probe = async (path: string) => {
  const answer = await fetch(`${platform.url}${path}`);
  return { status: answer.status, body: (await answer.json()) as unknown };
};

describe('platform probes', () => {
  it('are both 200 once it listens: its database is open, migrated and answering', async () => {
    expect(await probe('/readyz')).toEqual({ status: 200, body: { status: 'ready' } });
    expect(await probe('/healthz')).toEqual({ status: 200, body: { status: 'ok' } });
  });
});

describe('platform probes in the log', () => {
  it('write no line; another request writes its lines', async () => {
    log.length = 0;
    await probe('/readyz');
    await probe('/healthz');
    expect(log.filter((line) => /\/(readyz|healthz)/.test(line))).toEqual([]);
    await fetch(`${platform.url}/openapi.json`);
    await expect.poll(() => log.some((line) => line.includes('/openapi.json'))).toBe(true);
  });
});
