import './lib/production';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { renderToString } from 'react-dom/server';
import { request } from 'undici';
import { bodyOf, htmlToReact } from './lib/html-to-react';
import { startGatewayProcess } from './lib/gateway-process';
import { closedLoop, fmt, secondsFromEnv, type LoadResult, type Target } from './lib/load';
import { startReplay, type ReplayCall } from './lib/replay';
import { reportResult } from './lib/result';
import { CRAWLER_UA, recordShop, shopHeaders } from './lib/shop-recording';

// Target: a page through the whole gateway (CID, account, context, route data from a fast
// upstream, render) reaches >= 0.6x the requests per second of a bare renderToString of the same
// HTML. The upstream is the seeded platform recorded once and replayed from memory; the baseline is
// a bare http server rendering the page's <body> as a fixed element tree. See docs/decisions/0100.
const PAGE = process.env.BENCH_PAGE ?? '/search/milk';
const SECONDS = secondsFromEnv('BENCH_SECONDS', 10);
const ROUNDS = secondsFromEnv('BENCH_ROUNDS', 2);
const CONCURRENCY = secondsFromEnv('BENCH_CONCURRENCY', 8);
const WARMUP_SECONDS = secondsFromEnv('BENCH_WARMUP_SECONDS', 5);
// Issue #11: >= 0.3x (the goal beyond it is 0.6x).
const TARGET = 0.3;
/** The design brief's level (issue #11 took 0.3x as its target). */
const BRIEF_TARGET = 0.6;

const shop = await recordShop([PAGE]);
const recorded = shop.pages.get(`signed-in ${PAGE}`)!;
if (recorded.status !== 200) throw new Error(`${PAGE} answered ${recorded.status} while recording`);
const replay = await startReplay(shop.recording);
const gateway = await startGatewayProcess(replay.url);
// The same gateway with the anonymous page cache on (ADR 0154), for the guest lines.
const cachedGateway = await startGatewayProcess(replay.url, { PAGE_CACHE_SECONDS: '60' });
const baseline = await startBaseline(bodyOf(recorded.html));

try {
  const page = await request(`${gateway.url}${PAGE}`, { headers: shopHeaders(shop.cookie) });
  const html = await page.body.text();
  if (page.statusCode !== 200 || !html.includes('shopper@example.com') || replay.misses.size > 0) {
    throw new Error(
      `replayed page is not the signed-in page (status ${page.statusCode}, misses ${[...replay.misses.keys()]})`,
    );
  }
  const items = (html.match(/<article/g) ?? []).length;
  const baselineBytes = renderToString(htmlToReact(bodyOf(recorded.html))).length;
  console.log(
    `page ${PAGE}: ${html.length} bytes of HTML (${items} <article>s), body ${bodyOf(html).length} bytes; baseline renders ${baselineBytes} bytes`,
  );
  console.log(
    `load: ${CONCURRENCY} in flight, ${SECONDS} s per measurement, ${ROUNDS} rounds interleaved\n`,
  );

  const targets: Record<string, Target & { pid: number }> = {
    'bare renderToString': { origin: baseline.url, path: '/', pid: baseline.pid },
    'gateway, browser': {
      origin: gateway.url,
      path: PAGE,
      headers: shopHeaders(shop.cookie),
      pid: gateway.pid,
    },
    'gateway, crawler': {
      origin: gateway.url,
      path: PAGE,
      headers: shopHeaders(shop.cookie, CRAWLER_UA),
      pid: gateway.pid,
    },
    'guest, no page cache': {
      origin: gateway.url,
      path: PAGE,
      headers: shopHeaders(),
      pid: gateway.pid,
    },
    'guest, page cache': {
      origin: cachedGateway.url,
      path: PAGE,
      headers: shopHeaders(),
      pid: cachedGateway.pid,
    },
  };
  // Every target warmed before round 1, not counted: the first seconds of a fresh gateway
  // compile the route modules and optimise the hot paths (the first round used to pay for it).
  for (const target of Object.values(targets)) {
    await closedLoop(target, { concurrency: CONCURRENCY, seconds: WARMUP_SECONDS });
  }
  const results: Record<string, LoadResult[]> = {};
  for (let round = 1; round <= ROUNDS; round += 1) {
    for (const [name, target] of Object.entries(targets)) {
      const result = await closedLoop(target, {
        concurrency: CONCURRENCY,
        seconds: SECONDS,
        warmupSeconds: 2,
        cpuOf: target.pid,
      });
      (results[name] ??= []).push(result);
      const statuses = Object.entries(result.statuses)
        .map(([s, n]) => `${s}×${n}`)
        .join(' ');
      console.log(
        `round ${round}  ${name.padEnd(20)} ${fmt(result.rps, 0).padStart(6)} rps  p50 ${fmt(result.p50)} ms  p99 ${fmt(result.p99)} ms  cpu ${fmt(result.cpuMsPerRequest ?? NaN)} ms/req  [${statuses}${result.errors ? ` errors×${result.errors}` : ''}]`,
      );
    }
  }
  const rps = (name: string) =>
    results[name]!.reduce((sum, r) => sum + r.rps, 0) / results[name]!.length;
  const cpu = (name: string) =>
    results[name]!.reduce((sum, r) => sum + (r.cpuMsPerRequest ?? NaN), 0) / results[name]!.length;
  const base = rps('bare renderToString');
  const browser = rps('gateway, browser') / base;
  const crawler = rps('gateway, crawler') / base;
  console.log(
    `\nmean rps: baseline ${fmt(base, 0)}, gateway browser ${fmt(rps('gateway, browser'), 0)}, crawler ${fmt(rps('gateway, crawler'), 0)}`,
  );
  console.log(
    `mean CPU per request: baseline ${fmt(cpu('bare renderToString'))} ms, gateway browser ${fmt(cpu('gateway, browser'))} ms, crawler ${fmt(cpu('gateway, crawler'))} ms`,
  );
  if (replay.misses.size > 0) console.log(`replay misses: ${JSON.stringify([...replay.misses])}`);

  await printTimeSplit();
  reportResult('render-ratio', [
    {
      target: `${PAGE} through the gateway >= ${TARGET}x bare renderToString`,
      measured: `${fmt(browser)}x (${fmt(rps('gateway, browser'), 0)} vs ${fmt(base, 0)} rps)`,
      pass: browser >= TARGET,
    },
    {
      target: `same, the design brief's ${BRIEF_TARGET}x`,
      measured: `${fmt(browser)}x`,
      pass: browser >= BRIEF_TARGET,
    },
    {
      target: `same, as CPU per request (baseline ms / gateway ms, load-independent)`,
      measured: `${fmt(cpu('bare renderToString') / cpu('gateway, browser'))}x (${fmt(cpu('gateway, browser'))} vs ${fmt(cpu('bare renderToString'))} ms)`,
      pass: null,
    },
    {
      target: `${PAGE} as a guest, anonymous page cache on (PAGE_CACHE_SECONDS=60) vs off`,
      measured: `${fmt(rps('guest, page cache') / base)}x vs ${fmt(rps('guest, no page cache') / base)}x of bare renderToString (${fmt(rps('guest, page cache'), 0)} vs ${fmt(rps('guest, no page cache'), 0)} rps; CPU ${fmt(cpu('guest, page cache'))} vs ${fmt(cpu('guest, no page cache'))} ms/req)`,
      pass: null,
    },
    {
      target: `same, crawler user-agent (complete document)`,
      measured: `${fmt(crawler)}x (${fmt(rps('gateway, crawler'), 0)} rps)`,
      pass: null,
    },
  ]);
} finally {
  await gateway.stop();
  await cachedGateway.stop();
  baseline.stop();
  await replay.close();
}

/** Where one page's time goes, from the client's clock: upstream calls as they reach the replay. */
async function printTimeSplit() {
  const samples = 30;
  const offsets = new Map<string, number[]>();
  const add = (label: string, ms: number) =>
    void (offsets.get(label) ?? offsets.set(label, []).get(label)!).push(ms);
  for (let i = 0; i < samples; i += 1) {
    const calls: ReplayCall[] = [];
    replay.trace(calls);
    const t0 = performance.now();
    const response = await request(`${gateway.url}${PAGE}`, { headers: shopHeaders(shop.cookie) });
    const headersAt = performance.now();
    await response.body.text();
    const doneAt = performance.now();
    replay.trace(null);
    calls.forEach((call, n) =>
      add(`upstream call ${n + 1}: ${shortKey(call.key)}`, call.arrivedMs - t0),
    );
    add('response headers (shell ready)', headersAt - t0);
    add('last byte', doneAt - t0);
  }
  console.log(
    `\ntime split of one signed-in ${PAGE} (median of ${samples} sequential requests, ms after the request):`,
  );
  for (const [label, values] of offsets) {
    values.sort((a, b) => a - b);
    console.log(`  +${fmt(values[Math.floor(values.length / 2)]!).padStart(6)}  ${label}`);
  }
}

function shortKey(key: string): string {
  return key.replace(/\?.*? \(/, '?… (').replace('/api/services/', '…/');
}

async function startBaseline(bodyHtml: string) {
  const file = join(mkdtempSync(join(tmpdir(), 'bench-body-')), 'body.html');
  writeFileSync(file, bodyHtml);
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', 'bench/lib/render-baseline-server.ts', file],
    {
      env: { ...process.env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  );
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.once('data', (chunk: Buffer) => resolve(JSON.parse(chunk.toString()).port));
    child.once('exit', (code) => reject(new Error(`baseline server exited with ${code}`)));
  });
  return { url: `http://127.0.0.1:${port}`, pid: child.pid!, stop: () => child.kill('SIGTERM') };
}
