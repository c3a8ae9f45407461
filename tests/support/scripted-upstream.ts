import type { AddressInfo } from 'node:net';
import { startEndpointGateway, type EndpointGateway } from './endpoint-gateway';
import type { FakeResponse, RecordedRequest } from './fake-upstream';
import { rawRequest } from './raw-http';
import {
  bodyOf,
  jwt,
  PROXY_TIMEOUT_MS,
  REQUESTS,
  digest,
  type Bearer,
  type Observed,
  type Scenario,
} from './proxy-scenario';
import { openExchange, type SocketResponse } from './socket-exchange';

// One visitor request to /api/services/* played against a fresh gateway (its own breakers and
// refresh memory) on a scripted platform, on a raw socket, and what it led to: the calls the
// service and uaa received, the answer(s) on the connection, the token cookies, the warnings.
// The scenario's parts (./proxy-scenario.ts) are the model's inputs.

/**
 * A leaving visitor's call is answered this late: the gateway has seen the visitor go by then
 * (or the answer, a 503 or 401, would be sent again), and the calls are counted after it.
 */
const HOLD_MS = 300;
const ANSWER_DEADLINE_MS = PROXY_TIMEOUT_MS * 2 + 2_000;
const UAA_REFRESH = '/api/services/uaa/api/v1/auth/refresh';
const SHOP = { host: 'shop.localhost' };
const WRITE = { ...SHOP, 'x-csrf': '1', origin: 'http://shop.localhost' };

const serviceOf = (target: string) => target.split('/').slice(0, 4).join('/') + '/';
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Plays the scenario; `settleMs`: how long after the answer (or the leaving) calls are counted. */
export async function playScenario(scenario: Scenario, settleMs: number): Promise<Observed> {
  const gw = await startEndpointGateway({ PROXY_TIMEOUT_MS: String(PROXY_TIMEOUT_MS) });
  const ended = new AbortController(); // releases the service's unanswered calls
  try {
    await gw.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (gw.app.server.address() as AddressInfo).port;
    const issued = scriptUaa(
      gw,
      scenario.refresh === 'accepted' || scenario.refresh === 'rotated-here',
    );
    const request = REQUESTS[scenario.request];
    const service = scriptService(gw, scenario, serviceOf(request.target), ended.signal);
    const original = {
      access: jwt('original', scenario.session.startsWith('valid') ? 600 : -60),
      refresh: scenario.session.endsWith('alone') ? null : 'r0',
    };
    // Another tab of the visitor renewed the same refresh token through this gateway just now.
    if (scenario.refresh === 'rotated-here' && original.refresh !== null) {
      await primeRotation(gw, port, original.refresh);
    }
    gw.upstream.requests.length = 0;
    gw.logs.length = 0;

    // Writes, and the GET that changes the cart, carry the CSRF header from the shop's origin.
    const write =
      !['GET', 'HEAD'].includes(request.method) || scenario.request === 'GET copyBookingToCart';
    const headers: Record<string, string> = { ...(write ? WRITE : SHOP) };
    const body = 'body' in request ? request.body : undefined;
    if (body) headers['content-type'] = 'application/json';
    if (scenario.session !== 'anonymous')
      headers.cookie = original.refresh
        ? `access_token=${original.access}; refresh_token=${original.refresh}`
        : `access_token=${original.access}`;
    const exchange = openExchange(port, {
      method: request.method,
      target: request.target,
      headers,
      body,
    });
    if (scenario.leaves) {
      await Promise.race([service.arrived, sleep(ANSWER_DEADLINE_MS)]);
      exchange.leave();
      await sleep(HOLD_MS);
    } else {
      // No answer at all shows as `responses: 0`.
      await Promise.race([exchange.answered, sleep(ANSWER_DEADLINE_MS)]);
    }
    await sleep(settleMs);
    const record = exchange.finish();
    const first = record.responses[0];
    const calls = gw.upstream.received(serviceOf(request.target));
    const pair = issued[0];
    return {
      serviceCalls: calls.length,
      bearers: calls.map((call) => bearerOf(call, original.access, pair?.access_token)),
      uaaCalls: gw.upstream.received(UAA_REFRESH).length,
      responses: record.responses.length,
      trailingBytes: record.trailing,
      answer: first ? answerOf(first) : null,
      cookies: scenario.leaves ? null : cookiesOf(first, pair),
      warnings: gw.logs
        .filter((line) => Number(line.level) >= 40)
        .map((line) => `${String(line.msg)}${errorCode(line)}`),
    };
  } finally {
    ended.abort();
    await gw.close();
  }
}

type Pair = { access_token: string; refresh_token: string };

/** uaa's refresh endpoint: `r0` is good once when `accepts`, else (or once spent) invalid_grant. */
function scriptUaa(gw: EndpointGateway, accepts: boolean): Pair[] {
  const issued: Pair[] = [];
  const live = new Set(accepts ? ['r0'] : []);
  gw.upstream.on('POST', UAA_REFRESH, (call: RecordedRequest): FakeResponse => {
    const { refresh_token: token } = JSON.parse(call.body) as { refresh_token: string };
    if (!live.delete(token)) {
      return { status: 400, body: { error: 'invalid_grant', error_description: 'spent' } };
    }
    const pair = {
      access_token: jwt(`fresh-${issued.length}`, 300),
      refresh_token: `r${issued.length + 1}`,
    };
    issued.push(pair);
    return { body: { ...pair, token_type: 'Bearer', expires_in: 300, refresh_expires_in: 3600 } };
  });
  return issued;
}

/** The service's script: `answers[0]` to the first call, `answers[1]` to every later one. */
function scriptService(
  gw: EndpointGateway,
  scenario: Scenario,
  prefix: string,
  ended: AbortSignal,
): { arrived: Promise<void> } {
  let arrive = () => {};
  const arrived = new Promise<void>((resolve) => (arrive = resolve));
  let calls = 0;
  const until = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      ended.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
    });
  gw.upstream.on('*', new RegExp(`^${prefix}`), async (): Promise<FakeResponse> => {
    const answer = scenario.answers[Math.min(calls, 1)]!;
    calls += 1;
    arrive();
    if (scenario.leaves) await until(HOLD_MS);
    if (answer === 'slow') {
      await until(PROXY_TIMEOUT_MS * 3);
      return { destroy: true };
    }
    if (answer === 'reset') return { destroy: true };
    const headers: Record<string, string> = {};
    if (answer === 'large') headers['content-type'] = 'application/octet-stream';
    if (answer === 304) headers.etag = '"v1"';
    const status = answer === 'large' ? 200 : answer;
    return { status, headers, body: bodyOf(answer) ?? undefined };
  });
  // The priming call of `rotated-here` (another tab's write).
  gw.upstream.on('POST', '/api/services/shopping-lists/api/v1/lists', { status: 201, body: {} });
  return { arrived };
}

async function primeRotation(gw: EndpointGateway, port: number, refreshToken: string) {
  const answer = await rawRequest(
    `http://127.0.0.1:${port}`,
    'POST',
    '/api/services/shopping-lists/api/v1/lists',
    {
      ...WRITE,
      'content-type': 'application/json',
      cookie: `access_token=${jwt('other-tab', -60)}; refresh_token=${refreshToken}`,
    },
    '{}',
  );
  if (answer.status !== 201 || gw.upstream.received(UAA_REFRESH).length !== 1) {
    throw new Error(`the other tab's renewal did not happen: ${answer.status} ${answer.body}`);
  }
}

function bearerOf(call: RecordedRequest, original: string, fresh: string | undefined): Bearer {
  const header = call.headers.authorization;
  if (header === undefined) return 'none';
  if (header === `Bearer ${original}`) return 'original';
  if (fresh && header === `Bearer ${fresh}`) return 'fresh';
  return `other: ${header}`;
}

function answerOf(response: SocketResponse): NonNullable<Observed['answer']> {
  const header = (name: string) => response.headers[name]?.join(', ');
  const policy = header('cache-control');
  return {
    status: response.status,
    body: errorShapeOf(response) ?? digest(response.body),
    policy:
      response.status >= 400
        ? null
        : policy === undefined
          ? 'none'
          : /(^|,)\s*public/.test(policy)
            ? 'public'
            : policy === 'private, no-store'
              ? 'private'
              : 'none',
  };
}

/** `error <code>` when the body is `{ error: { code, message, cid } }` with the answer's CID. */
function errorShapeOf(response: SocketResponse): string | null {
  try {
    const parsed = JSON.parse(response.body.toString('utf8')) as {
      error?: { code?: unknown; message?: unknown; cid?: unknown };
    };
    const error = parsed.error;
    if (
      Object.keys(parsed).length === 1 &&
      typeof error?.code === 'string' &&
      typeof error.message === 'string' &&
      error.cid === response.headers['x-correlation-id']?.[0] &&
      Object.keys(error).every((key) => ['code', 'message', 'cid'].includes(key))
    )
      return `error ${error.code}`;
  } catch {
    // not JSON
  }
  return null;
}

function cookiesOf(
  response: SocketResponse | undefined,
  pair: Pair | undefined,
): Observed['cookies'] {
  const set = (response?.headers['set-cookie'] ?? []).filter((line) =>
    /^(access_token|refresh_token)=/.test(line),
  );
  if (set.length === 0) return 'kept';
  const value = (line: string) => line.slice(line.indexOf('=') + 1, line.indexOf(';'));
  const cleared = (line: string) => value(line) === '' && /Max-Age=0/.test(line);
  if (set.length === 1 && set[0]!.startsWith('access_token=') && cleared(set[0]!))
    return 'access cleared';
  const names = set.map((line) => line.slice(0, line.indexOf('=')));
  if (set.length === 2 && names.includes('access_token') && names.includes('refresh_token')) {
    if (set.every(cleared)) return 'cleared';
    const renewed = { access_token: pair?.access_token, refresh_token: pair?.refresh_token };
    if (
      set.every((line) => value(line) === renewed[line.slice(0, line.indexOf('=')) as keyof Pair])
    )
      return 'renewed';
  }
  return `other: ${set.map((line) => line.slice(0, line.indexOf(';'))).join(' | ')}`;
}

function errorCode(line: Record<string, unknown>): string {
  const err = line.err as { code?: unknown } | undefined;
  return typeof err?.code === 'string' ? ` (${err.code})` : '';
}
