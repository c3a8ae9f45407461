import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeUpstream, type FakeUpstream } from '../support/fake-upstream';
import { startGatewayProcess, type NodeProcess } from '../support/processes';
import { fetchOutcome, sleep, type Outcome } from '../support/traffic';

// SIGTERM while requests keep coming (server/main.ts, ADR 0141): the production gateway
// (dist/server/main.js, `npm run build`) turns unready at once and keeps its listener open for
// SHUTDOWN_DELAY_MS, answering whatever arrives meanwhile (the balancer has not noticed yet);
// then it stops accepting (a refused connection, which a balancer passes to another replica) and
// lets the requests in flight finish. Before, it waited for "nothing in flight" with the listener
// still open: under steady load that never came, so it kept taking requests for the whole
// SHUTDOWN_TIMEOUT_MS and then cut the ones in flight. Each call here waits 300 ms at the
// platform, six callers staggered: there is always one in flight. 127.0.0.1 only.
const DELAY_MS = 1_500;
const TIMEOUT_MS = 8_000;
const SLOW_MS = 300;
let upstream: FakeUpstream;
let gateway: NodeProcess;

beforeAll(async () => {
  upstream = await startFakeUpstream();
  upstream.on('GET', /^\/api\/services\/catalogue\//, { body: { ok: true }, delayMs: SLOW_MS });
  gateway = await startGatewayProcess(upstream.url, {
    SHUTDOWN_DELAY_MS: String(DELAY_MS),
    SHUTDOWN_TIMEOUT_MS: String(TIMEOUT_MS),
  });
}, 120_000);
afterAll(async () => {
  await gateway?.stop('SIGKILL');
  await upstream?.close();
});

const refused = (o: Outcome) => o.error !== null && /ECONNREFUSED/.test(o.error);

describe('SIGTERM under steady load', () => {
  it('answers requests during the delay, then stops accepting and finishes those in flight', async () => {
    let exitedAt = Number.POSITIVE_INFINITY;
    void gateway.exited.then(() => (exitedAt = Date.now()));
    const gone = () => exitedAt !== Number.POSITIVE_INFINITY;
    // The test's own bound: well past delay + timeout, so an old gateway still ends the run.
    const stopAt = Date.now() + 500 + DELAY_MS + TIMEOUT_MS + 3_000;
    const calls: Outcome[] = [];
    const probes: Outcome[] = [];
    let n = 0;
    const workers = Array.from({ length: 6 }, async (_, w) => {
      await sleep(w * (SLOW_MS / 6));
      while (!gone() && Date.now() < stopAt) {
        const call = await fetchOutcome(
          gateway.url,
          `/api/services/catalogue/api/v1/slow?n=${n++}`,
          {
            deadlineMs: 5_000,
          },
        );
        calls.push(call);
        if (call.error) await sleep(20);
      }
    });
    const probing = (async () => {
      while (!gone() && Date.now() < stopAt) {
        probes.push(await fetchOutcome(gateway.url, '/readyz', { deadlineMs: 2_000 }));
        await sleep(100);
      }
    })();

    await sleep(500);
    const termAt = Date.now();
    gateway.child.kill('SIGTERM');
    await Promise.all([...workers, probing]);

    // Unready at once, for the whole delay.
    const probed = (from: number, to: number) =>
      probes.filter((p) => p.startedAt >= from && p.startedAt < to);
    expect(probed(termAt + 100, termAt + DELAY_MS).map((p) => p.status)).toContain(503);
    expect(probed(termAt + 100, termAt + DELAY_MS).filter((p) => p.status === 200)).toEqual([]);
    // Everything that reached it during the delay was answered in full.
    const duringDelay = calls.filter((c) => c.startedAt < termAt + DELAY_MS - 100);
    expect(duringDelay.filter((c) => c.status !== 200).map((c) => c.error)).toEqual([]);
    expect(duringDelay.filter((c) => c.startedAt >= termAt).length).toBeGreaterThan(10);
    // After it: answered, or refused at the door; never cut once accepted.
    const after = calls.filter((c) => c.startedAt >= termAt + DELAY_MS - 100);
    expect(after.filter((c) => c.status !== 200 && !refused(c)).map((c) => c.error)).toEqual([]);
    // The listener closed right after the delay, and the process left once those in flight were
    // done, not at the shutdown timeout.
    const firstRefusal = Math.min(...calls.filter(refused).map((c) => c.startedAt));
    expect(firstRefusal - termAt).toBeLessThan(DELAY_MS + 1_000);
    expect(exitedAt - termAt).toBeLessThan(DELAY_MS + 2_000);
  });
});
