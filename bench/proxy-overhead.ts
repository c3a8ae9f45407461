import './lib/production';
import { latencySlices } from './lib/latency-slices';
import { closedLoop, fmt, openLoop, secondsFromEnv } from './lib/load';
import { machineStalls } from './lib/machine-stalls';
import { PairedCpu } from './lib/paired-cpu';
import { PROXIED_PATH, startJsonUpstream, VISITOR_COOKIE } from './lib/proxied-read';
import { ProxyModes, type Instance } from './lib/proxy-modes';
import { reportResult } from './lib/result';
import { SHOP_HOST } from './lib/shop-recording';

// Targets: the proxy adds <= 1 ms at the median over a direct call to the upstream at 2,000 req/s
// (issue #11; the brief's goal and issue #24's target are 0.5 ms) and <= 2 ms at the 99th
// percentile (issue #24), its closed-loop capacity is >= 2.5x what it was before issue #11, and
// its CPU per proxied GET is within 10 % of what it was before issue #24 (the one engine) and, with
// tracing off, within 3 % of it (issue #28 item 1). A
// plain node http upstream (a process of its own) answers a small JSON; the same open-loop schedule
// (requests started on a timer, whatever the answers do) runs direct, through the gateway, through
// a bare @fastify/http-proxy and through nginx, in alternating slices, so drift of the shared
// machine hits all of them (issue #11 item 7; docs/decisions/0157). Every call carries a visitor's
// token cookies, as a browser's calls do (guests have a token pair too). Besides latency and
// requests per second, it reports each proxy's CPU time per request (from /proc), which the
// machine's other work disturbs much less. The gateway from before issue #11 runs as one more mode
// (./lib/gateway-before.ts: built from git, or PROXY_BEFORE_MAIN=<an older dist/server/main.js>),
// so capacity is compared in one run. Latency is measured on one process per build, each slice
// after a lead-in at the same rate, so a slice measures a proxy serving that rate, not one coming
// out of idleness. Then those processes stop and each gateway build runs as PROXY_PROCESSES fresh
// processes (3), which take the closed loop's slices in turn (identical processes of one build
// once differed by up to 1.5x in CPU per GET: ADR 0284, 0292). The closed loop runs in rotations
// of short slices, every mode once per rotation, and a build's CPU per request is the ratio of its
// sums over all its slices; two builds are compared with a 95 % interval over resampled rotations
// (ADR 0299: a 5 s round of one process moved by ±20 %, the builds differ by a few per cent). Nine
// gateway processes beside the latency slices, idle but compiling and collecting on two cores,
// set the slices' tails (ADR 0295).
const RATE = secondsFromEnv('PROXY_RATE', 2000);
const SECONDS = secondsFromEnv('BENCH_SECONDS', 10);
const SLICES = 5;
// The closed loop's rotations: each mode gets a slice of PROXY_CLOSED_SLICE_SECONDS after a lead-in
// of the same load, in each rotation (ADR 0299); 24 rotations take as long as six rounds of 5 s.
const CLOSED_ROTATIONS = secondsFromEnv('PROXY_CLOSED_ROTATIONS', 24);
const CLOSED_SLICE_SECONDS = secondsFromEnv('PROXY_CLOSED_SLICE_SECONDS', 1);
const CLOSED_LEAD_IN_SECONDS = secondsFromEnv('PROXY_CLOSED_LEAD_IN_SECONDS', 0.25);
const PROCESSES = secondsFromEnv('PROXY_PROCESSES', 3);
const WARM_SECONDS = secondsFromEnv('PROXY_WARM_SECONDS', 5);
// Unmeasured, before each latency slice, at the slice's rate, on the same instance (ADR 0295).
const LEAD_IN_SECONDS = secondsFromEnv('PROXY_LEAD_IN_SECONDS', 1);
const TARGET_MS = 1;
const GOAL_MS = 0.5;
const P99_TARGET_MS = 2;
/** The design brief's p99 (issue #24 took 2 ms as its target). */
const P99_GOAL_MS = 1;
const CPU_REGRESSION = 1.1;
// Issue #28 item 1: with tracing off (the bench's gateways export no spans), within 3 %.
const CPU_TRACING_OFF = 1.03;
// Closed-loop capacity through the gateway before issue #11: 1,154 rps (README, "before" column),
// compared with only when that build cannot run beside this one.
const CAPACITY_BEFORE = 1154;
// The whole bench stops by itself, whatever hangs.
const WATCHDOG_MS = Math.max(600_000, SECONDS * 60_000);
const PATH = PROXIED_PATH;
// The machine's own stalls, before anything of the bench runs: the floor under every tail below.
const stalls = machineStalls();
const upstream = await startJsonUpstream();
const upstreamUrl = upstream.url;

const stops: (() => Promise<void>)[] = [];
const kills: (() => void)[] = [() => upstream.close()];
const watchdog = setTimeout(() => {
  console.error(`proxy-overhead: still running after ${WATCHDOG_MS / 1000} s; stopping`);
  for (const kill of kills) kill();
  process.exit(2);
}, WATCHDOG_MS);
watchdog.unref();

try {
  const headers = { host: SHOP_HOST, accept: 'application/json', cookie: VISITOR_COOKIE };
  const modes = await ProxyModes.start(upstreamUrl, PATH, headers, { stops, kills });
  const { instances, names } = modes;
  // Warm every path (connection pools, JIT) before measuring. A gateway's CPU per GET still fell
  // by a third over its first ten seconds under a closed loop (bench/results.md, stop 39), so
  // each instance gets a closed loop first, then the open loop's rate.
  const warm = async ({ target }: Instance) => {
    await closedLoop(target, { concurrency: 16, seconds: WARM_SECONDS });
    await openLoop(target, { rate: RATE, seconds: 1 });
  };
  for (const list of Object.values(instances)) for (const instance of list) await warm(instance);

  const { byMode: all, collected } = await latencySlices(modes, {
    rate: RATE,
    seconds: SECONDS,
    slices: SLICES,
    leadInSeconds: LEAD_IN_SECONDS,
  });
  const direct = all.direct!;
  // Phase two: each gateway build's latency process stops, and PROXY_PROCESSES fresh ones, warmed
  // as it was, take the closed loop's rounds: a process that served the open loop's slices spent
  // more per GET under the closed loop than fresh ones did, in both builds (ADR 0295). The builds'
  // processes start and warm in turn, so none has idled much longer than the others' when the
  // rounds begin, and each round has a lead-in of the same load before it, not counted.
  await modes.restartBuilds(PROCESSES, warm);
  // Capacity: what each side serves with 16 requests in flight (an open loop above it only queues),
  // in rotations with a different mode first in each; CPU per request from the same slices.
  const capacity: Record<string, number> = {};
  const cpu = new PairedCpu();
  for (let rotation = 0; rotation < CLOSED_ROTATIONS; rotation += 1) {
    for (const name of [
      ...names.slice(rotation % names.length),
      ...names.slice(0, rotation % names.length),
    ]) {
      const target = modes.instanceOf(name, rotation).target;
      await closedLoop(target, { concurrency: 16, seconds: CLOSED_LEAD_IN_SECONDS });
      const r = await modes.measured(name, 'closed', rotation, (at) =>
        closedLoop(at, { concurrency: 16, seconds: CLOSED_SLICE_SECONDS }),
      );
      capacity[name] = (capacity[name] ?? 0) + r.rps / CLOSED_ROTATIONS;
      if (r.cpuSeconds !== null) cpu.add(name, rotation, r.cpuSeconds, r.requests);
    }
  }
  console.log('');
  for (const name of names) {
    const s = all[name]!;
    const added =
      name === 'direct'
        ? ''
        : `  added p50 +${fmt(s.p50 - direct.p50, 3)} ms  p99 +${fmt(s.p99 - direct.p99, 3)} ms`;
    console.log(
      `${name.padEnd(20)} n=${s.count}  p50 ${fmt(s.p50, 3)} ms  p99 ${fmt(s.p99, 3)} ms${added}  capacity ${fmt(capacity[name]!, 0)} rps  CPU ${fmt(cpu.perRequest(name), 0)} µs/request (${fmt(modes.cpuPerRequest(name, 'open'), 0)} at ${RATE} req/s)  errors ${s.errors}  non-200 ${s.non200}  worst late start ${fmt(s.late, 1)} ms`,
    );
  }
  const gw = all.gateway!;
  const added = gw.p50 - direct.p50;
  const clean = gw.errors + gw.non200 === 0;
  const proxies = names.filter((name) => name !== 'direct');
  // With the build from before issue #11 in the same run, compare CPU per request (what the
  // capacity of a CPU-bound proxy is the inverse of); otherwise, the README's figure.
  const capacityCheck = () => {
    const now = cpu.perRequest('gateway');
    if (instances['gateway before']) {
      const before = cpu.perRequest('gateway before');
      return {
        target:
          'gateway proxy capacity >= 2.5x before issue #11 (closed loop, CPU per request, same run)',
        measured: `${fmt(before / now, 2)}x (${fmt(now, 0)} vs ${fmt(before, 0)} µs/request; ${fmt(capacity.gateway!, 0)} vs ${fmt(capacity['gateway before']!, 0)} rps: ${fmt(capacity.gateway! / capacity['gateway before']!, 2)}x; at ${RATE} req/s ${fmt(modes.cpuPerRequest('gateway', 'open'), 0)} vs ${fmt(modes.cpuPerRequest('gateway before', 'open'), 0)} µs)`,
        pass: before / now >= 2.5,
      };
    }
    return {
      target: `gateway proxy capacity >= 2.5x before issue #11 (README's ${CAPACITY_BEFORE} rps: that build could not run here)`,
      measured: `${fmt(capacity.gateway!, 0)} rps closed loop (${fmt(capacity.gateway! / CAPACITY_BEFORE, 2)}x; direct ${fmt(capacity.direct!, 0)} rps; ${fmt(now, 0)} µs CPU/request)`,
      pass: capacity.gateway! >= 2.5 * CAPACITY_BEFORE,
    };
  };
  const addedP99 = gw.p99 - direct.p99;
  // Against the build before issue #24 (0aa7ea9): issue #24's 10 % and issue #28's 3 %, from the
  // same slices.
  const cpuChecks = () => {
    const targets = [
      ['within 10 % of before issue #24', CPU_REGRESSION],
      ['within 3 % of before issue #24, tracing off (issue #28 item 1)', CPU_TRACING_OFF],
    ] as const;
    if (!instances['gateway before #24'])
      return targets.map(([target]) => ({
        target: `CPU per proxied GET ${target}`,
        measured: 'that build could not run here',
        pass: false,
      }));
    const { ratio, low, high, rotations } = cpu.compare('gateway', 'gateway before #24');
    const measured = `${fmt(ratio, 3)}x (95 % interval ${fmt(low, 3)}-${fmt(high, 3)} over ${rotations} rotations; ${fmt(cpu.perRequest('gateway'), 1)} vs ${fmt(cpu.perRequest('gateway before #24'), 1)} µs/request)`;
    return targets.map(([target, limit]) => ({
      target: `CPU per proxied GET ${target} (closed loop, paired slices, same run)`,
      measured,
      pass: ratio <= limit,
    }));
  };
  reportResult('proxy-overhead', [
    {
      target: `proxy adds <= ${TARGET_MS} ms at the median at ${RATE} req/s`,
      measured: `+${fmt(added, 3)} ms (p50 ${fmt(gw.p50, 3)} vs ${fmt(direct.p50, 3)} ms direct)`,
      pass: added <= TARGET_MS && clean,
    },
    {
      target: `proxy adds <= ${GOAL_MS} ms at the median (brief's goal)`,
      measured: `+${fmt(added, 3)} ms`,
      pass: added <= GOAL_MS && clean,
    },
    {
      target: `proxy adds <= ${P99_TARGET_MS} ms at the 99th percentile at ${RATE} req/s (issue #24)`,
      measured: `+${fmt(addedP99, 3)} ms (p99 ${fmt(gw.p99, 3)} vs ${fmt(direct.p99, 3)} ms direct)`,
      pass: addedP99 <= P99_TARGET_MS && clean,
    },
    {
      target: `proxy adds <= ${P99_GOAL_MS} ms at the 99th percentile (brief's goal)`,
      measured: `+${fmt(addedP99, 3)} ms`,
      pass: addedP99 <= P99_GOAL_MS && clean,
    },
    capacityCheck(),
    ...cpuChecks(),
    {
      target: `CPU per proxied GET of each gateway process, closed loop (insight: how far identical processes differ)`,
      measured: names
        .filter((name) => name.startsWith('gateway'))
        .map(
          (name) =>
            `${name} ${modes
              .cpuPerInstance(name, 'closed')
              .map((micros) => fmt(micros, 0))
              .join(' / ')} µs`,
        )
        .join('; '),
      pass: null,
    },
    {
      target: 'added p99 per slice, gateway and before #24 (insight: which slices set the p99)',
      measured: ['gateway', 'gateway before #24']
        .filter((name) => all[name])
        .map(
          (name) =>
            `${name} ${all[name]!.sliceP99.map((p99, i) => `+${fmt(p99 - direct.sliceP99[i]!, 2)}`).join(' ')} ms`,
        )
        .join('; '),
      pass: null,
    },
    {
      target:
        'run-queue wait of each proxy in its slices, ms per s (insight: ready to run, no core free)',
      measured: proxies
        .map((name) => `${name} ${all[name]!.sliceWait.map((ms) => fmt(ms, 0)).join(' ')}`)
        .join('; '),
      pass: null,
    },
    {
      target: `the machine's stalls of an idle busy loop, ${stalls.seconds} s (insight: the floor under the p99)`,
      measured: `${stalls.over1ms} over 1 ms, ${stalls.over5ms} over 5 ms, longest ${fmt(stalls.longestMs, 1)} ms`,
      pass: null,
    },
    {
      target: "the load generator's heap collected before each slice (insight: ADR 0401)",
      measured: collected
        ? `yes; worst late start ${names.map((name) => `${name} ${fmt(all[name]!.late, 1)}`).join(', ')} ms`
        : 'no: node without --expose-gc (npm run bench gives it); its collections may fall in slices',
      pass: null,
    },
    {
      target: 'side by side, same run (insight): added p50 / p99, capacity',
      measured: proxies
        .map(
          (name) =>
            `${name} +${fmt(all[name]!.p50 - direct.p50, 3)} / +${fmt(all[name]!.p99 - direct.p99, 3)} ms, ${fmt(capacity[name]!, 0)} rps, ${fmt(cpu.perRequest(name), 0)} µs CPU/request`,
        )
        .join('; '),
      pass: null,
    },
  ]);
} finally {
  for (const stop of stops.reverse()) await stop().catch(() => undefined);
  upstream.close();
  clearTimeout(watchdog);
}
