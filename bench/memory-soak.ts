import './lib/production';
import { readFileSync } from 'node:fs';
import { startAllOn } from './lib/all-on';
import { startGatewayProcess } from './lib/gateway-process';
import { closedLoop, fmt, secondsFromEnv } from './lib/load';
import { startReplay } from './lib/replay';
import { reportResult } from './lib/result';
import { CRAWLER_UA, recordShop, shopHeaders } from './lib/shop-recording';

// Target: gateway memory <= 150 MB resident and flat over a 10-minute soak. The built gateway
// runs as a child process against the replayed platform; a mix of pages (signed in, guest,
// crawler) and proxied calls keeps it busy for SOAK_SECONDS (600 for the real target) while its
// VmRSS is sampled. "Flat": the least-squares slope over the second half <= SOAK_FLAT_MB_PER_MIN.
const SECONDS = secondsFromEnv('SOAK_SECONDS', 60);
const CONCURRENCY = secondsFromEnv('SOAK_CONCURRENCY', 4);
const SAMPLE_MS = secondsFromEnv('SOAK_SAMPLE_SECONDS', 2) * 1000;
const FLAT_MB_PER_MIN = secondsFromEnv('SOAK_FLAT_MB_PER_MIN', 1);
const LIMIT_MB = 150;

const PAGES = ['/', '/search/milk', '/brands/nordic-dairy'];
const PROXIED = [
  '/api/services/catalogue/api/v1/search?q=milk',
  '/api/services/catalogue/api/v1/brands',
];

const shop = await recordShop([...PAGES, ...PROXIED]);
const replay = await startReplay(shop.recording);
// SOAK_ALL_ON=1: Sentry, Redis and every cache on, as production runs (bench/lib/all-on.ts).
const allOn = process.env.SOAK_ALL_ON === '1' ? await startAllOn() : null;
const gateway = await startGatewayProcess(replay.url, allOn?.env);

const rssMb = () =>
  Number(readFileSync(`/proc/${gateway.pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1]) / 1024;

// The mix: every page signed in, as a guest and as a crawler; every proxied call signed in and
// as a guest. Round robin, so each kind gets the same share. SOAK_MIX=pages|proxy narrows it
// down when looking for what holds memory.
const kind = process.env.SOAK_MIX ?? 'all';
const mix = [
  ...(kind === 'proxy' ? [] : PAGES).flatMap((path) => [
    { path, headers: shopHeaders(shop.cookie) },
    { path, headers: shopHeaders() },
    { path, headers: shopHeaders(undefined, CRAWLER_UA) },
  ]),
  ...(kind === 'pages' ? [] : PROXIED).flatMap((path) => [
    { path, headers: { ...shopHeaders(shop.cookie), accept: 'application/json' } },
    { path, headers: { ...shopHeaders(), accept: 'application/json' } },
  ]),
];
let turn = 0;

try {
  const samples: { s: number; mb: number }[] = [];
  const t0 = performance.now();
  const sample = () => samples.push({ s: (performance.now() - t0) / 1000, mb: rssMb() });
  sample();
  console.log(
    `soak: ${SECONDS} s, ${CONCURRENCY} in flight, a mix of ${mix.length} requests; RSS every ${SAMPLE_MS / 1000} s`,
  );
  console.log(
    allOn
      ? `all on: Sentry, Redis, caches (${Object.keys(allOn.env).join(', ')}); heap caps ${process.env.GATEWAY_HEAP_MB ?? 96}/${process.env.GATEWAY_SEMI_SPACE_MB ?? 4} MB`
      : 'defaults: no Sentry, no Redis, page cache off (SOAK_ALL_ON=1 turns them on)',
  );
  console.log(`RSS at start (idle, after start-up): ${fmt(samples[0]!.mb, 1)} MB`);
  const timer = setInterval(() => {
    sample();
    const last = samples[samples.length - 1]!;
    if (samples.length % Math.max(1, Math.round(30_000 / SAMPLE_MS)) === 0)
      console.log(`  +${fmt(last.s, 0).padStart(4)} s  ${fmt(last.mb, 1)} MB`);
  }, SAMPLE_MS);
  const load = await closedLoop(
    { origin: gateway.url, path: '/', next: () => mix[turn++ % mix.length]! },
    { concurrency: CONCURRENCY, seconds: SECONDS },
  );
  clearInterval(timer);
  sample();

  const statuses = Object.entries(load.statuses)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
  console.log(
    `load: ${load.requests} requests, ${fmt(load.rps, 0)} rps, p50 ${fmt(load.p50)} ms, p99 ${fmt(load.p99)} ms [${statuses}${load.errors ? ` errors×${load.errors}` : ''}]`,
  );
  if (replay.misses.size) console.log(`replay misses: ${JSON.stringify([...replay.misses])}`);
  if (allOn) console.log(`error reports received by the Sentry sink: ${allOn.envelopes()}`);

  const peak = Math.max(...samples.map((x) => x.mb));
  const end = samples[samples.length - 1]!.mb;
  const secondHalf = samples.filter((x) => x.s >= SECONDS / 2);
  const slope = slopePerMinute(secondHalf);
  console.log(
    `RSS start ${fmt(samples[0]!.mb, 1)} MB, peak ${fmt(peak, 1)} MB, end ${fmt(end, 1)} MB; second-half slope ${fmt(slope, 2)} MB/min over ${secondHalf.length} samples`,
  );
  reportResult('memory-soak', [
    {
      target: `gateway RSS <= ${LIMIT_MB} MB over a ${SECONDS} s soak${allOn ? ' (all on)' : ''}`,
      measured: `peak ${fmt(peak, 1)} MB (start ${fmt(samples[0]!.mb, 1)}, end ${fmt(end, 1)})`,
      pass: peak <= LIMIT_MB,
    },
    {
      target: `RSS flat (second-half slope <= ${FLAT_MB_PER_MIN} MB/min)${SECONDS < 600 ? ' [short soak: indicative]' : ''}`,
      measured: `${fmt(slope, 2)} MB/min`,
      pass: slope <= FLAT_MB_PER_MIN,
    },
  ]);
} finally {
  await gateway.stop();
  await replay.close();
  await allOn?.close();
}

function slopePerMinute(points: { s: number; mb: number }[]): number {
  if (points.length < 2) return NaN;
  const n = points.length;
  const mx = points.reduce((a, p) => a + p.s, 0) / n;
  const my = points.reduce((a, p) => a + p.mb, 0) / n;
  const cov = points.reduce((a, p) => a + (p.s - mx) * (p.mb - my), 0);
  const varX = points.reduce((a, p) => a + (p.s - mx) ** 2, 0);
  return (cov / varX) * 60;
}
