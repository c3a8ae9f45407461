import { performance } from 'node:perf_hooks';
import { startPlatform, TEST_CID, type TestPlatform } from '../tests/support/platform';
import { fmt, secondsFromEnv } from './lib/load';
import { median } from './lib/page-timing';
import { reportResult } from './lib/result';

// What the reference platform takes to answer one signed-in page's calls, all sent at once as the
// gateway sends them (issue #30: the platform answers them one after the other, and that time is
// part of every page's last byte). Two platforms on the same seeded data, one with prepared
// statements (ADR 0289) and one without, in interleaved rounds; each round sends a page's calls
// after IDLE_MS of quiet (the latency bench's pause between pages) and once more at once (hot).
// Not part of `npm run bench`: `npx tsx bench/platform-calls.ts` (BENCH_ROUNDS 30, IDLE_MS 70).
const ROUNDS = secondsFromEnv('BENCH_ROUNDS', 30);
const IDLE_MS = secondsFromEnv('IDLE_MS', 70);

const url = JSON.stringify({
  origin: 'http://localhost:3000',
  host: 'localhost:3000',
  pathname: '/profile',
});
const PAGE = [
  '/api/services/uaa/api/v1/account',
  `/cms-api/context?cid=${TEST_CID}&isLoggedIn=true&url=${encodeURIComponent(url)}`,
  '/api/services/booking-ms/api/v1/bookings/cart/tenant/fresh',
  '/api/services/profile/api/v1/info',
  '/api/services/profile/api/v1/addresses',
  '/api/services/profile/api/v1/payment-methods',
  '/api/services/uaa/api/v1/account/identities',
];

async function side(preparedStatements: boolean) {
  const platform = await startPlatform({ config: { preparedStatements } });
  const token = (await platform.signIn()).access_token;
  return { name: preparedStatements ? 'prepared' : 'parsed each time', platform, token };
}

async function page(platform: TestPlatform, token: string): Promise<number> {
  const start = performance.now();
  await Promise.all(
    PAGE.map(async (path) => {
      const response = await platform.call(path, { token });
      await response.arrayBuffer();
      if (response.status !== 200) throw new Error(`${path}: ${response.status}`);
    }),
  );
  return performance.now() - start;
}

const sides = [await side(true), await side(false)];
const times = new Map(sides.map((s) => [s.name, { idle: [] as number[], hot: [] as number[] }]));
try {
  for (const s of sides) for (let i = 0; i < 20; i += 1) await page(s.platform, s.token); // warm
  for (let round = 0; round < ROUNDS; round += 1) {
    for (const s of round % 2 ? [...sides].reverse() : sides) {
      await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
      times.get(s.name)!.idle.push(await page(s.platform, s.token));
      times.get(s.name)!.hot.push(await page(s.platform, s.token));
    }
  }
  const line = (name: string) => {
    const t = times.get(name)!;
    return `${name}: ${fmt(median(t.idle), 2)} ms after ${IDLE_MS} ms idle, ${fmt(median(t.hot), 2)} ms at once`;
  };
  const [on, off] = sides.map((s) => times.get(s.name)!);
  console.log(`${PAGE.length} calls of a signed-in /profile, medians of ${ROUNDS} rounds`);
  for (const s of sides) console.log(line(s.name));
  reportResult('platform-calls', [
    {
      target: `a page's ${PAGE.length} platform calls, prepared vs parsed each time (insight)`,
      measured: `${fmt(median(on!.idle), 2)} vs ${fmt(median(off!.idle), 2)} ms after idle (${fmt(median(on!.idle) / median(off!.idle), 2)}x); ${fmt(median(on!.hot), 2)} vs ${fmt(median(off!.hot), 2)} ms at once (${fmt(median(on!.hot) / median(off!.hot), 2)}x)`,
      pass: null,
    },
  ]);
} finally {
  for (const s of sides) await s.platform.close();
}
