import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bodyOf,
  digest,
  type Answer,
  type Bearer,
  type Observed,
  type Refresh,
  type RequestKind,
  type Scenario,
  type Session,
} from '../support/proxy-scenario';
import { playScenario } from '../support/scripted-upstream';

// Issue #24 item 2: model-based tests of the proxy of /api/services/*, black-box over HTTP, so
// they hold for any engine behind it. Each generated scenario (token state, method, the
// service's answers, the visitor leaving) is played on a fresh gateway on a raw socket
// (tests/support/scripted-upstream.ts) and compared with `expectedOutcome`, the specification.
// Plain reads enter by the front door, the rest by the proxy route (ADR 0210): both are played.
// A fixed seed by default (the same scenarios every run); MODEL_SEED=<n> replays the seed a
// failure prints (with its path), MODEL_SEED=random explores, MODEL_RUNS resizes the run.
const SEED =
  process.env.MODEL_SEED === 'random'
    ? Date.now() % 2 ** 31
    : Number(process.env.MODEL_SEED ?? 2_424);
const RUNS = Number(process.env.MODEL_RUNS ?? 40);
/** How long after the answer calls are still counted: a call made after the answer is a bug. */
const SETTLE_MS = 300;

type Outcome = Omit<Observed, 'warnings'> & {
  /** A call failed (timeout, reset): the scenario explains a warning about it. */
  callFailed: boolean;
};

/** What the engine must do with one visitor request: the specification (issue #24). */
function expectedOutcome(s: Scenario): Outcome {
  // Public catalogue reads go without the visitor's token, so they are never renewed (ADR 0155).
  const isPublic = s.request === 'GET public catalogue';
  const carriesToken = s.session !== 'anonymous' && !isPublic;
  // A refresh token came with the access token: only then can the call renew it.
  const renewable = s.session === 'valid' || s.session === 'expired';
  // Only reads are sent twice; copyBookingToCart is a GET that changes the cart (#12 item 6).
  const replayable = s.request === 'GET' || s.request === 'HEAD' || isPublic;

  let bearer: Bearer = carriesToken ? 'original' : 'none';
  // An expired access token alone is sent all the same, and whatever the service answers, the
  // answer clears its cookie (ADR 0391): only that cookie, and only by the token's own expiry,
  // never for a service's 401 (a working token a sign-in's merge ended stays, ADR 0243).
  let cookies: Outcome['cookies'] =
    carriesToken && s.session === 'expired alone' ? 'access cleared' : 'kept';
  let uaaCalls = 0;
  let renewals = 0;
  // A renewal: at most one per visitor request. The gateway remembers a rotation for a few
  // seconds, so a refresh token it has just rotated itself gets the same new pair without a
  // call to uaa (ADR 0022, 0134); uaa refuses a spent or revoked one (invalid_grant), which
  // ends the session: the cookies are cleared and the request goes on without a token.
  const renew = (): boolean => {
    renewals += 1;
    if (s.refresh !== 'rotated-here') uaaCalls += 1;
    const renewed = s.refresh === 'accepted' || s.refresh === 'rotated-here';
    bearer = renewed ? 'fresh' : 'none';
    cookies = renewed ? 'renewed' : 'cleared';
    return renewed;
  };
  // An access token that has expired (or expires within a minute) is renewed before the call.
  if (carriesToken && s.session === 'expired') renew();

  const bearers: Bearer[] = [];
  const call = (n: 0 | 1): Answer => {
    bearers.push(bearer);
    return s.answers[n];
  };
  let answer = call(0);
  // A visitor who leaves gets nothing, the call is not made again, and leaving is no warning.
  if (s.leaves) {
    const calls = { serviceCalls: 1, bearers, uaaCalls, responses: 0, trailingBytes: 0 };
    return { ...calls, answer: null, cookies: null, callFailed: false };
  }
  // At most one more call, for a read only (two in all for any request): after a 503 or a
  // connection reset before any answer, after a short delay (ADR 0353); or after a 401, with a
  // token renewed for it (not when the token was renewed before the call, or could not be). A
  // 401 to the second call, a timeout or a second reset ends it.
  if (replayable && (answer === 503 || answer === 'reset')) answer = call(1);
  else if (replayable && answer === 401 && carriesToken && renewable && renewals === 0 && renew())
    answer = call(1);

  // Exactly one answer. Success passes the service's status and body; an error >= 400 comes in
  // the gateway's shape { error: { code, message, cid } } (ADR 0127) with the service's status
  // and code; a call without an answer in time is 504, a reset 502. HEAD has no body.
  const status =
    answer === 'slow' ? 504 : answer === 'reset' ? 502 : answer === 'large' ? 200 : answer;
  const code =
    answer === 'slow'
      ? 'upstream_timeout'
      : answer === 'reset'
        ? 'upstream_unreachable'
        : `scripted_${status}`;
  const body = s.request === 'HEAD' ? '' : status >= 400 ? `error ${code}` : digest(bodyOf(answer));
  // A successful answer is public for catalogue data, private when the call carried a token or
  // the answer sets cookies (a renewed pair, or cookies cleared: ADR 0155).
  const personal = bearer !== 'none' || cookies !== 'kept';
  const policy = status >= 400 ? null : isPublic ? 'public' : personal ? 'private' : 'none';
  return {
    serviceCalls: bearers.length,
    bearers,
    uaaCalls,
    responses: 1,
    trailingBytes: 0,
    answer: { status, body, policy },
    cookies,
    callFailed: answer === 'slow' || answer === 'reset',
  };
}

/**
 * The warnings a scenario does not explain: a call that failed (timeout, reset) may be logged as
 * such ("proxied call failed"); nothing else is, and never "Reply was already sent".
 */
function unexplained(warnings: string[], callFailed: boolean): string[] {
  return warnings.filter(
    (warning) =>
      !callFailed ||
      /already sent|FST_ERR/i.test(warning) ||
      !/fail|error|time|unreachable|reset/i.test(warning),
  );
}

/** Repeats as one entry (`fresh ×283`), so that a loop reads as one line. */
function runs(items: string[]): string[] {
  const out: { item: string; count: number }[] = [];
  for (const item of items) {
    const last = out.at(-1);
    if (last?.item === item) last.count += 1;
    else out.push({ item, count: 1 });
  }
  return out.flatMap(({ item, count }) =>
    count > 2 ? [`${item} ×${count}`] : Array<string>(count).fill(item),
  );
}

/** Plays the scenario and compares what happened with the model. */
async function check(scenario: Scenario, settleMs = SETTLE_MS): Promise<void> {
  const { callFailed, bearers, ...expected } = expectedOutcome(scenario);
  const { warnings, ...observed } = await playScenario(scenario, settleMs);
  expect({
    ...observed,
    bearers: runs(observed.bearers),
    warnings: runs(unexplained(warnings, callFailed)),
  }).toEqual({ ...expected, bearers: runs(bearers), warnings: [] });
}

const STATUSES = [200, 201, 204, 304, 401, 403, 404, 429, 500, 503] as const;
const ANSWERS: Answer[] = [...STATUSES, 'slow', 'reset', 'large'];
// The answers that lead to a second call are drawn more often than the others.
const answer = fc.oneof(
  { arbitrary: fc.constantFrom<Answer>(...ANSWERS), weight: 3 },
  { arbitrary: fc.constantFrom<Answer>(401, 503), weight: 2 },
);
const scenario: fc.Arbitrary<Scenario> = fc.record({
  session: fc.constantFrom<Session>(
    'valid',
    'expired',
    'anonymous',
    'valid alone',
    'expired alone',
  ),
  refresh: fc.constantFrom('accepted', 'refused', 'rotated-elsewhere', 'rotated-here'),
  request: fc.constantFrom(
    'GET',
    'HEAD',
    'POST',
    'PUT',
    'PATCH',
    'DELETE',
    'GET copyBookingToCart',
    'GET public catalogue',
  ),
  answers: fc.tuple(answer, answer),
  leaves: fc.oneof(
    { arbitrary: fc.constant(false), weight: 7 },
    { arbitrary: fc.constant(true), weight: 1 },
  ),
});

const scenarioOf = (
  session: Session,
  refresh: Refresh,
  request: RequestKind,
  answers: [Answer, Answer],
  leaves = false,
): Scenario => ({ session, refresh, request, answers, leaves });

/**
 * What the model found in the proxy before the one engine (0aa7ea9), besides the renewal loop:
 * fixed since, and kept as named cases. Each failed there as described.
 */
const FOUND: { name: string; scenario: Scenario }[] = [
  {
    // The pre-routing fast path handed the aborted call to the route, which no longer knew the
    // visitor had left: a "proxied call failed" warning, and a 502 sent to the error reporters.
    name: 'a read the visitor leaves is no warning and no error',
    scenario: scenarioOf('valid', 'accepted', 'GET', [200, 200], true),
  },
  {
    // @fastify/reply-from logged "response errored" as a warning.
    name: 'a write the visitor leaves is no warning',
    scenario: scenarioOf('valid', 'accepted', 'PUT', [200, 200], true),
  },
  {
    // The 503 retry and the 401 renewal each allowed one more call: three in all.
    name: 'a read answered 503, then 401, reaches the service twice',
    scenario: scenarioOf('valid', 'accepted', 'GET', [503, 401]),
  },
  {
    name: 'a read answered 401, then (renewed) 503, reaches the service twice',
    scenario: scenarioOf('valid', 'accepted', 'HEAD', [401, 503]),
  },
];

// Every rule at least once, whatever the seed draws.
const EXAMPLES: Scenario[] = [
  scenarioOf('valid', 'accepted', 'GET', [401, 200]),
  scenarioOf('valid', 'rotated-here', 'HEAD', [401, 204]),
  scenarioOf('valid', 'rotated-elsewhere', 'GET', [401, 200]),
  scenarioOf('expired', 'accepted', 'GET', [304, 200]),
  scenarioOf('expired', 'refused', 'POST', [201, 201]),
  scenarioOf('expired', 'rotated-here', 'PATCH', [401, 200]),
  scenarioOf('anonymous', 'accepted', 'GET', [503, 'large']),
  scenarioOf('valid', 'accepted', 'GET copyBookingToCart', [503, 200]),
  scenarioOf('expired', 'accepted', 'GET public catalogue', [401, 200]),
  scenarioOf('valid', 'accepted', 'DELETE', ['slow', 200]),
  scenarioOf('valid', 'accepted', 'GET', ['reset', 200]),
  scenarioOf('expired', 'accepted', 'GET', [500, 200], true),
  // An expired access token alone (ADR 0391): its cookie cleared on a refusal, after a retry, on
  // a success; not on a public answer; a working one alone stays, a service's 401 or not.
  scenarioOf('expired alone', 'accepted', 'GET', [401, 200]),
  scenarioOf('expired alone', 'accepted', 'HEAD', [503, 401]),
  scenarioOf('expired alone', 'refused', 'POST', [201, 201]),
  scenarioOf('expired alone', 'accepted', 'GET public catalogue', [200, 200]),
  scenarioOf('valid alone', 'accepted', 'GET', [401, 200]),
];

describe('the proxy of /api/services/* against its model (issue #24)', () => {
  it('regression #24: a read with an expired token is renewed once and answered once (no loop)', async () => {
    // A signed-in visitor whose access token has expired; uaa renews it; the service answers 200.
    const { warnings, ...observed } = await playScenario(
      scenarioOf('expired', 'accepted', 'GET', [200, 200]),
      1_000,
    );
    expect(observed.answer?.status).toBe(200);
    expect(observed.responses).toBe(1);
    expect(observed.cookies).toBe('renewed');
    expect(observed.uaaCalls).toBe(1);
    // Counted for a second after the answer: the calls must have stopped with it.
    expect(
      observed.serviceCalls,
      'calls to the service until 1 s after the answer',
    ).toBeLessThanOrEqual(2);
    const alreadySent = warnings.filter((w) => /FST_ERR_REP_ALREADY_SENT|already sent/.test(w));
    expect(runs(alreadySent)).toEqual([]);
  });

  it('regression #24: copyBookingToCart with an expired token reaches the service once', async () => {
    // The same loop, on the GET that changes the cart: each call copies the booking again.
    const { serviceCalls } = await playScenario(
      scenarioOf('expired', 'accepted', 'GET copyBookingToCart', [200, 200]),
      1_000,
    );
    expect(serviceCalls, 'calls to the service until 1 s after the answer').toBe(1);
  });

  it(`holds for ${RUNS} generated scenarios and ${EXAMPLES.length} chosen ones (MODEL_SEED=${SEED})`, async () => {
    await fc.assert(
      fc.asyncProperty(scenario, (s) => check(s)),
      {
        seed: SEED,
        numRuns: RUNS,
        examples: EXAMPLES.map((s) => [s]),
      },
    );
  }, 120_000);

  for (const { name, scenario } of FOUND) {
    it(`found by the model: ${name}`, () => check(scenario));
  }
});
