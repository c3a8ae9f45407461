import './lib/production';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { request } from 'undici';
import { startPlatform } from '../tests/support/platform';
import { startGatewayProcess } from './lib/gateway-process';
import { fmt } from './lib/load';
import { reportResult, type Check } from './lib/result';

// Target: Lighthouse performance >= 95 on a phone (mobile preset, simulated throttling) for home,
// a product page and a search page. The real shop: the seeded reference platform in this process,
// the built gateway as its own process, Debian's Chromium (CHROME_PATH) driven by the lighthouse
// package (12.8: 13 needs Node 22, ADR 0150). Each page LIGHTHOUSE_RUNS times (default 3), median.
// Also the wire: are the HTML and the entry module (the app chunk) compressed, how many blocking
// stylesheets and modulepreloads the home page has.
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const TARGET = 95;
/** The design brief's level (issue #11 took 95 as its target). */
const BRIEF_TARGET = 98;
const chromePath = process.env.CHROME_PATH ?? '/usr/bin/chromium';

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
};

const platform = await startPlatform();
const gateway = await startGatewayProcess(platform.url);
// Tenants are chosen by host name, so localhost on any port is the "fresh" shop.
const origin = gateway.url.replace('127.0.0.1', 'localhost');
const chrome = await chromeLauncher.launch({
  chromePath,
  chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu'],
});
const checks: Check[] = [];

async function get(path: string, encoding = 'br, gzip') {
  const response = await request(`${origin}${path}`, {
    headers: { accept: 'text/html,*/*', 'accept-encoding': encoding },
  });
  const body = Buffer.from(await response.body.arrayBuffer());
  return { status: response.statusCode, headers: response.headers, body };
}

try {
  // A product page: the first product of the milk search (its cards link in the search's context).
  const search = await get('/search/milk', 'identity');
  const slug = search.body.toString().match(/href="\/search\/milk\/([^"?#]+)"/)?.[1];
  if (!slug) throw new Error('no product link on /search/milk');
  const productPath = `/products/${decodeURIComponent(slug)}`;
  const pages = { home: '/', product: productPath, search: '/search/milk' };

  // The wire and the critical path of home.
  const home = await get('/');
  const homeIdentity = (await get('/', 'identity')).body.toString();
  // React Router's entry module: the app chunk, which holds entry.client (ADR 0302).
  const entry = homeIdentity.match(/\/assets\/app-[\w-]+\.js/)?.[0];
  const entryAnswer = entry ? await get(entry) : null;
  const stylesheets = [...homeIdentity.matchAll(/<link[^>]*rel="stylesheet"[^>]*>/g)].filter(
    (m) => !/media="print"|onload=/.test(m[0]),
  ).length;
  const preloads = [...homeIdentity.matchAll(/rel="modulepreload"/g)].length;
  const enc = (h: Record<string, unknown> | undefined) => String(h?.['content-encoding'] ?? 'none');
  const wire =
    `home HTML ${enc(home.headers)} ${fmt(home.body.length / 1024, 1)} KB` +
    `, entry (app chunk) ${enc(entryAnswer?.headers)} ${fmt((entryAnswer?.body.length ?? 0) / 1024, 1)} KB`;
  checks.push({
    target: 'bytes on the wire: HTML and JS compressed (br)',
    measured: wire,
    pass: enc(home.headers) === 'br' && enc(entryAnswer?.headers) === 'br',
  });
  checks.push({
    target: 'critical path of home: 1 blocking stylesheet',
    measured: `${stylesheets} stylesheet(s), ${preloads} modulepreload(s)`,
    pass: stylesheets <= 1,
  });

  for (const [name, path] of Object.entries(pages)) {
    const runs: { score: number; fcp: number; lcp: number; tbt: number; cls: number }[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      const result = await lighthouse(`${origin}${path}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error(`lighthouse gave no result for ${path}`);
      const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
      runs.push({
        score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
        fcp: audit('first-contentful-paint'),
        lcp: audit('largest-contentful-paint'),
        tbt: audit('total-blocking-time'),
        cls: audit('cumulative-layout-shift'),
      });
      console.log(
        `${name} ${path} run ${i + 1}: ${runs[i]!.score} (FCP ${fmt(runs[i]!.fcp / 1000, 1)} s, LCP ${fmt(runs[i]!.lcp / 1000, 1)} s, TBT ${fmt(runs[i]!.tbt, 0)} ms, CLS ${fmt(runs[i]!.cls, 3)})`,
      );
    }
    const m = (k: keyof (typeof runs)[number]) => median(runs.map((r) => r[k]));
    checks.push({
      target: `lighthouse mobile ${name} >= ${TARGET}`,
      measured: `${m('score')} (FCP ${fmt(m('fcp') / 1000, 1)} s, LCP ${fmt(m('lcp') / 1000, 1)} s, TBT ${fmt(m('tbt'), 0)} ms, CLS ${fmt(m('cls'), 3)}; median of ${RUNS})`,
      pass: m('score') >= TARGET,
    });
    checks.push({
      target: `lighthouse mobile ${name} >= ${BRIEF_TARGET} (the design brief)`,
      measured: `${m('score')}`,
      pass: m('score') >= BRIEF_TARGET,
    });
  }
} finally {
  await chrome.kill();
  await gateway.stop();
  await platform.close();
}
reportResult('lighthouse', checks);
process.exit(0);
