import {
  BLINK_BROWSER_CHECKS,
  BLINK_SERVICE_PROBES,
  BLINK_SERVICES_PATH,
  type BlinkCheck,
  type BlinkReport,
  type BlinkServiceAnswers,
} from '../../../shared/contracts/blink';
import { NO_ANSWER, type BLINK_FEATURES } from './blink-words';

// The browser half of /blink-test (issue #7 item 5, docs/decisions/0173): what a browser running
// the page's script can check. Loaded only by that page, after it has hydrated.
// Named as the result page knows them (./blink-words.ts shows no other name).
const FEATURES: readonly [(typeof BLINK_FEATURES)[number], () => unknown][] = [
  ['fetch', () => window.fetch],
  ['Promise.allSettled', () => Promise.allSettled],
  ['AbortController', () => window.AbortController],
  ['URL', () => window.URL && window.URLSearchParams],
  ['FormData', () => window.FormData],
  ['ReadableStream', () => window.ReadableStream],
  ['TextDecoder', () => window.TextDecoder],
  ['CustomEvent', () => window.CustomEvent],
  ['requestAnimationFrame', () => window.requestAnimationFrame],
  ['crypto.getRandomValues', () => window.crypto?.getRandomValues],
];
const SKEW_LIMIT_MS = 60_000;
const label = (id: string) => BLINK_BROWSER_CHECKS.find((c) => c.id === id)?.label ?? id;
const check = (id: string, status: BlinkCheck['status'], detail: string): BlinkCheck => ({
  id,
  label: label(id),
  status,
  detail: detail.slice(0, 300),
});

type Probe = { ms: number; end: number; date: string | null };

async function probeGateway(): Promise<Probe[]> {
  const probes: Probe[] = [];
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    const response = await fetch(`/builds/latest.json?t=${Date.now()}`, { cache: 'no-store' });
    await response.arrayBuffer();
    probes.push({
      ms: performance.now() - started,
      end: Date.now(),
      date: response.headers.get('date'),
    });
  }
  return probes;
}

/**
 * Each service's check from the gateway's probe (ADR 0273): one request from the browser, which
 * answers 200 to a guest too, so nothing lands in the console when everything works.
 */
async function serviceChecks(): Promise<BlinkCheck[]> {
  let answers: BlinkServiceAnswers['services'] | null = null;
  let problem = '';
  try {
    const response = await fetch(BLINK_SERVICES_PATH, {
      cache: 'no-store',
      headers: { accept: 'application/json' },
    });
    if (response.ok) {
      answers = ((await response.json()) as BlinkServiceAnswers).services;
    } else {
      await response.arrayBuffer();
      problem = `The shop server answered ${response.status}`;
    }
  } catch {
    problem = NO_ANSWER;
  }
  return BLINK_SERVICE_PROBES.map(({ service }) => {
    const id = `service-${service}`;
    if (answers === null) return check(id, 'failed', problem);
    const status = answers[service];
    if (typeof status !== 'number') return check(id, 'failed', 'No answer to the shop server');
    return [502, 503, 504].includes(status)
      ? check(id, 'failed', `Answered ${status} to the shop server`)
      : check(id, 'ok', 'Answered the shop server');
  });
}

function storageWorks(kind: 'localStorage' | 'sessionStorage'): boolean {
  try {
    const storage = window[kind];
    storage.setItem('storefront:blink', '1');
    const ok = storage.getItem('storefront:blink') === '1';
    storage.removeItem('storefront:blink');
    return ok;
  } catch {
    return false;
  }
}

function cookiesWork(): boolean {
  if (!navigator.cookieEnabled) return false;
  document.cookie = 'storefront_blink=1; path=/; max-age=60; samesite=lax';
  const ok = document.cookie.split('; ').includes('storefront_blink=1');
  document.cookie = 'storefront_blink=; path=/; max-age=0; samesite=lax';
  return ok;
}

/** Runs every browser check; `hasSession`: the gateway saw session cookies on this page load. */
export async function runBlink(hasSession: boolean): Promise<BlinkReport> {
  const checks: BlinkCheck[] = [];
  let roundTripMs: number | null = null;
  let clockSkewMs: number | null = null;
  try {
    const probes = await probeGateway();
    const times = probes.map((p) => p.ms).sort((a, b) => a - b);
    roundTripMs = Math.round(times[1]!);
    checks.push(check('gateway', 'ok', `Answered 3 of 3 requests`));
    // The Date header has whole seconds: compare it with the middle of the last request.
    const last = probes[probes.length - 1]!;
    const serverMs = last.date ? Date.parse(last.date) : NaN;
    if (Number.isFinite(serverMs))
      clockSkewMs = Math.round(last.end - last.ms / 2 - serverMs - 500);
  } catch {
    // Not the browser's own message: the result page shows only the shop's sentences.
    checks.push(check('gateway', 'failed', NO_ANSWER));
  }

  checks.push(...(await serviceChecks()));

  const visible = document.cookie
    .split('; ')
    .map((pair) => pair.split('=')[0])
    .filter((name) => name === 'access_token' || name === 'refresh_token');
  checks.push(
    visible.length > 0
      ? check('session-cookies', 'failed', `Readable by scripts: ${visible.join(', ')}`)
      : check(
          'session-cookies',
          'ok',
          hasSession
            ? 'This visit has a session and scripts cannot read its cookies (httpOnly)'
            : 'No session cookie is readable by scripts (this visit has no session yet)',
        ),
  );
  const cookies = cookiesWork();
  checks.push(check('cookies', cookies ? 'ok' : 'failed', cookies ? 'Enabled' : 'Blocked'));
  for (const [id, kind] of [
    ['local-storage', 'localStorage'],
    ['session-storage', 'sessionStorage'],
  ] as const) {
    const ok = storageWorks(kind);
    checks.push(check(id, ok ? 'ok' : 'failed', ok ? 'Works' : 'Blocked or full'));
  }
  const missing = FEATURES.filter(([, probe]) => !probe()).map(([name]) => name);
  checks.push(
    missing.length
      ? check('features', 'failed', `Missing: ${missing.join(', ')}`)
      : check('features', 'ok', `All ${FEATURES.length} present`),
  );
  checks.push(
    clockSkewMs === null
      ? check('clock', 'not-checked', 'The server sent no time')
      : check(
          'clock',
          Math.abs(clockSkewMs) > SKEW_LIMIT_MS ? 'failed' : 'ok',
          `${clockSkewMs >= 0 ? 'Ahead of' : 'Behind'} the server by ${Math.abs(Math.round(clockSkewMs / 1000))} s (±1 s)`,
        ),
  );
  checks.push(
    roundTripMs === null
      ? check('round-trip', 'not-checked', 'The shop server did not answer')
      : check('round-trip', 'ok', `${roundTripMs} ms (median of 3)`),
  );
  return {
    checks,
    userAgent: navigator.userAgent.slice(0, 400),
    javascript: true,
    clockSkewMs,
    roundTripMs,
  };
}
