import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCid } from '../../shared/cid';
import { startPlatform, type TestPlatform } from '../support/platform';

// Issue #28: with tracing off (no OTLP endpoint) the platform makes no span, but its lines still
// name the caller's trace from its traceparent, so that one search by trace id finds the gateway's
// request line (which carries it with tracing off too) and the platform's lines of its calls.
// They had no trace id at all (docs/decisions/0250).
let platform: TestPlatform;
const lines: string[] = [];

beforeAll(async () => {
  delete process.env.OTEL_EXPORTER_OTLP_ENDPOINT;
  platform = await startPlatform({
    config: { logLevel: 'info' },
    logStream: { write: (line) => void lines.push(line) },
  });
});
afterAll(async () => platform?.close());

const hex = (n: number) =>
  Array.from({ length: n }, () => Math.floor(Math.random() * 16).toString(16)).join('');

describe("the platform's log lines with tracing off", () => {
  it("name the caller's trace", async () => {
    const traceId = hex(32);
    const cid = createCid();
    const response = await platform.call('/api/services/catalogue/api/v1/brands', {
      headers: { traceparent: `00-${traceId}-${hex(16)}-01`, 'x-correlation-id': cid },
    });
    expect(response.status).toBe(200);
    const mine = lines
      .filter((line) => line.includes(cid))
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(mine.map((line) => [line.msg, line.traceId])).toEqual([
      ['incoming request', traceId],
      ['request completed', traceId],
    ]);
  });

  it('name none without a valid traceparent', async () => {
    const cid = createCid();
    await platform.call('/api/services/catalogue/api/v1/brands', {
      headers: { traceparent: 'not-a-trace', 'x-correlation-id': cid },
    });
    const mine = lines.filter((line) => line.includes(cid));
    expect(mine).toHaveLength(2);
    for (const line of mine) expect(line).not.toContain('"traceId"');
  });
});
