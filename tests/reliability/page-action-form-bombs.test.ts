import { readdirSync, readFileSync } from 'node:fs';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FORM_FIELD_LIMIT } from '../../server/render/action-body';
import { CID_PATTERN } from '../../shared/cid';
import { routeTable } from '../../shared/routes';
import { freePort } from '../support/nginx';
import { DEMO, startPlatform, type TestPlatform } from '../support/platform';
import { startGatewayProcess, type NodeProcess } from '../support/processes';

// Issue #24 item 4 (docs/decisions/0211): a ~1 MB form of ~180,000 fields sent to a page action
// made the action's formData() hold tens of MB of entries; with the caches warm, a few at once ran
// the gateway out of its 96 MB heap. The production gateway process (dist/server/main.js, heap cap
// as in production) against the reference platform, its caches warmed by a visit of every page of
// the sitemap and of search pages: every page action (each route module with an `action`, found
// in client/routes/) gets such forms, URL-encoded and multipart, many at once, signed in and not.
// Each is a 413 in the error shape, and the gateway stays up and serves pages.
const ROUNDS = 3;
let platform: TestPlatform;
let gateway: NodeProcess;
let base: string;
let metricsPort: number;
let session: string;

const ROUTES = new URL('../../client/routes/', import.meta.url).pathname;
const RESOURCE_ROUTES: Record<string, string> = {
  'cart-action': '/cart',
  'guest-checkout': '/checkout/guest',
};
/** The path of every route module that exports an action, its parameters filled in. */
const ACTION_PATHS = readdirSync(ROUTES)
  .filter((file) => /^export (async )?function action\b/m.test(readFileSync(ROUTES + file, 'utf8')))
  .map((file) => file.replace(/\.tsx$/, ''))
  // The cart form's and the guest checkout's resource routes are not screens of the table
  // (client/routes.ts).
  .map((id) => RESOURCE_ROUTES[id] ?? routeTable.find((r) => r.id === id)!.path)
  .map((path) => path.replace(/\{[^}]+\}/g, 'x1'));

/** ~180,000 fields in under 1 MiB: one name again and again, or a new name each. */
const SAME_NAMES = Buffer.from(Array(180_000).fill('a=1').join('&'));
const NEW_NAMES = Buffer.from(Array.from({ length: 180_000 }, (_, i) => i.toString(36)).join('&'));
const MULTIPART = Buffer.from(
  `${Array(15_000).fill('--xB\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n').join('')}--xB--\r\n`,
);

beforeAll(async () => {
  platform = await startPlatform();
  metricsPort = await freePort();
  gateway = await startGatewayProcess(platform.url, {
    METRICS_PORT: String(metricsPort),
    // Registration, reset and activation forms count against the account limit: not what is tested.
    RATE_LIMIT_ACCOUNT: '100000/600',
    RATE_LIMIT_GUEST: '100000/60',
    // One address sends every bomb at once: the fair share of renders (ADR 0249) is not
    // what is tested here.
    FAIR_SHARE_RENDERS: '1000/1000',
  });
  base = gateway.url.replace('127.0.0.1', 'localhost');
  await warmCaches();
  const signIn = await fetch(`${base}/auth/sign-in`, {
    method: 'POST',
    headers: { origin: base, 'content-type': 'application/json', 'x-csrf': '1' },
    body: JSON.stringify(DEMO),
  });
  expect(signIn.status).toBe(200);
  session = signIn.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0])
    .join('; ');
}, 300_000);

afterAll(async () => {
  await gateway?.stop();
  await platform?.close();
});

/** Every page of the sitemap, a second URL of each (a template each) and search pages. */
async function warmCaches(): Promise<void> {
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const pages = [...sitemap.matchAll(/<loc>https?:\/\/[^/]+([^<]*)<\/loc>/g)].map((m) => m[1]!);
  const searches = [...'abcdefghijklmnopqrstuvwxyz'].flatMap((letter) =>
    ['relevance', 'price-asc', 'name'].map((sort) => `/search/${letter}?sort=${sort}`),
  );
  const paths = [...pages, ...pages.map((path) => `${path}?from=warm`), ...searches];
  for (let at = 0; at < paths.length; at += 4)
    await Promise.all(
      paths.slice(at, at + 4).map(async (path) => (await fetch(base + path)).text()),
    );
}

async function heapUsedMb(): Promise<number> {
  const metrics = await fetch(`http://127.0.0.1:${metricsPort}/metrics`).then(
    (response) => response.text(),
    () => '',
  );
  return Math.round(Number(/^nodejs_heap_size_used_bytes (\S+)/m.exec(metrics)?.[1]) / 2 ** 20);
}

type Answer = { status: number; body: string; cid: string };

/** One form post on its own connection, the body declared and written whole. */
function post(path: string, body: Buffer, type: string, cookie: string | null): Promise<Answer> {
  return new Promise((resolve) => {
    const failed = (error: Error) => resolve({ status: 0, body: error.message, cid: '' });
    const req = request(
      {
        host: '127.0.0.1',
        port: gateway.port,
        method: 'POST',
        path,
        agent: false,
        headers: {
          host: new URL(base).host,
          origin: base,
          'content-type': type,
          'content-length': String(body.length),
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: text,
            cid: String(res.headers['x-correlation-id']),
          }),
        );
        res.on('error', failed);
      },
    );
    req.on('error', failed);
    req.end(body);
  });
}

/** The process has not exited and answers its liveness probe. */
async function alive(): Promise<boolean> {
  const probe = await fetch(`${gateway.url}/healthz`).then(
    (response) => response.status,
    () => 0,
  );
  return probe === 200 && gateway.child.exitCode === null && gateway.child.signalCode === null;
}

describe('form bombs against every page action, caches warm, in the production process', () => {
  it('finds the page actions', () => {
    expect(ACTION_PATHS).toEqual(expect.arrayContaining(['/cart', '/checkout', '/social-login']));
    expect(ACTION_PATHS.length).toBeGreaterThanOrEqual(15);
  });

  it(`answers each 413 in the error shape (more than ${FORM_FIELD_LIMIT} fields) and stays up`, async () => {
    const warmMb = await heapUsedMb();
    // The form of new names four times: its entries are the heaviest (~28 MB of FormData each,
    // more in an action that makes an object of them); many at once ran the process out of heap.
    const newNames = { body: NEW_NAMES, type: 'application/x-www-form-urlencoded; charset=UTF-8' };
    const bombs = [
      { body: SAME_NAMES, type: 'application/x-www-form-urlencoded' },
      ...Array(4).fill(newNames),
      { body: MULTIPART, type: 'multipart/form-data; boundary=xB' },
    ];
    let peakMb = warmMb;
    const answers: { path: string; answer: Answer }[] = [];
    for (let round = 1; round <= ROUNDS; round++) {
      // Every action, every kind of form, signed in (the signed-in actions read their form only
      // then) and not, all at once.
      const sends = ACTION_PATHS.flatMap((path) =>
        bombs.flatMap(({ body, type }) =>
          [session, null].map(async (cookie) => ({
            path,
            answer: await post(path, body, type, cookie),
          })),
        ),
      );
      answers.push(...(await Promise.all(sends)));
      expect(await alive(), `round ${round}: ${gateway.stderr()}`).toBe(true);
      peakMb = Math.max(peakMb, await heapUsedMb());
    }
    for (const { path, answer } of answers) {
      expect(answer.status, `${path}: ${answer.body.slice(0, 200)}`).toBe(413);
      expect(JSON.parse(answer.body)).toEqual({
        error: {
          code: 'too_many_fields',
          message: `Too many form fields (at most ${FORM_FIELD_LIMIT})`,
          cid: answer.cid,
        },
      });
      expect(answer.cid).toMatch(CID_PATTERN);
    }
    console.info(
      `form bombs: ${ACTION_PATHS.length} actions x ${bombs.length} forms x 2 x ${ROUNDS} rounds; heap used ${warmMb} MB warm, ${peakMb} MB at most after a round`,
    );

    // Still serving: a page, a signed-in page, and a form of ordinary size reaches its action.
    expect((await fetch(`${base}/`)).status).toBe(200);
    expect((await fetch(`${base}/profile`, { headers: { cookie: session } })).status).toBe(200);
    const form = await post(
      '/checkout',
      Buffer.from(['intent=x', ...Array(FORM_FIELD_LIMIT - 1).fill('x=1')].join('&')),
      'application/x-www-form-urlencoded',
      session,
    );
    expect(form.status).toBe(400);
    expect(form.body).toContain('Unknown checkout action');
    expect(await alive(), gateway.stderr()).toBe(true);
  }, 180_000);
});
