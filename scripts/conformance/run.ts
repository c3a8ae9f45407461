import { randomBytes } from 'node:crypto';
import { deadlineOf, DEFAULT_DEADLINES, type Deadlines } from './deadline';
import { judgeRefusal } from './refusal';
import { renamedFields } from './renamed';
import { answerProblems, successStatuses, type Contract, type ContractOperation } from './validate';
import { STEPS, type State, type Step } from './steps';
import { spoiled } from './steps/types';

// Runs the conformance steps against an upstream and says, per operation of the contract, whether
// it passes (docs/decisions/0233).
// `warn`: the answer passes, but something in it looks like what the shop will go without
// (a renamed optional field, ./renamed.ts); it fails only with `strict` (docs/decisions/0351).
export type Outcome = 'pass' | 'warn' | 'present' | 'fail' | 'missing' | 'blocked' | 'not called';
export type Result = {
  operation: ContractOperation;
  outcome: Outcome;
  detail: string;
};
export type RunOptions = {
  baseUrl: string;
  origin: string;
  credentials?: { email: string; password: string };
} & Partial<Deadlines>;

// An operation called more than once keeps its worst real outcome; a call blocked (by an earlier
// failure it needed) never hides one that was made.
const RANK: Record<Outcome, number> = {
  'not called': 0,
  blocked: 1,
  pass: 2,
  present: 2,
  warn: 3,
  missing: 4,
  fail: 4,
};
const newCid = () =>
  randomBytes(24)
    .toString('base64')
    .replace(/[^A-Za-z0-9]/g, '')
    .padEnd(32, '0')
    .slice(0, 32);

function urlOf(base: string, op: ContractOperation, step: Step, state: State): string {
  const params = step.params?.(state) ?? {};
  const path = op.path.replace(/\{(\w+)\}/g, (_, name: string) =>
    encodeURIComponent(params[name] ?? ''),
  );
  const query = step.query ? `?${new URLSearchParams(step.query(state))}` : '';
  return `${base.replace(/\/+$/, '')}${path}${query}`;
}

async function call(
  options: RunOptions,
  op: ContractOperation,
  step: Step,
  state: State,
  known: boolean,
): Promise<Omit<Result, 'operation'>> {
  const kept = step.token ? state[step.token]?.access : undefined;
  const token = kept && step.spoiled ? spoiled(kept) : kept;
  if (step.token && !token && !step.probe)
    return { outcome: 'blocked', detail: `needs a ${step.token} token` };
  const missing = (step.needs ?? []).filter((key) => state[key] === undefined);
  if (missing.length) return { outcome: 'blocked', detail: `needs ${missing.join(', ')}` };
  const body = op.method === 'GET' || op.method === 'HEAD' ? undefined : step.body?.(state);
  const deadline = deadlineOf(op, {
    contextTimeoutMs: options.contextTimeoutMs ?? DEFAULT_DEADLINES.contextTimeoutMs,
    proxyTimeoutMs: options.proxyTimeoutMs ?? DEFAULT_DEADLINES.proxyTimeoutMs,
  });
  let status: number;
  let text: string;
  try {
    const response = await fetch(urlOf(options.baseUrl, op, step, state), {
      method: op.method,
      headers: {
        'x-correlation-id': state.cid,
        'x-domain-origin': options.origin,
        'x-client-name': 'cms-website',
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(deadline.ms),
    });
    status = response.status;
    text = await response.text();
  } catch (error) {
    const late = (error as Error).name === 'TimeoutError';
    return {
      outcome: 'fail',
      detail: late
        ? `no answer within ${deadline.ms} ms (the gateway's ${deadline.setting} for this call)`
        : `no answer (${(error as Error).message})`,
    };
  }
  if (step.refused) return judgeRefusal(op, step.refused, { status, text, known });
  const absent = status === 404 || status === 405 || status === 501;
  if (step.probe) {
    if (absent) return { outcome: 'missing', detail: `${status} to a request it should refuse` };
    if (status >= 400 && status < 500)
      return {
        outcome: 'present',
        // A refusal does not say which rule refused it: a field the operation needs beyond the
        // contract would be refused alike (docs/decisions/0351).
        detail: `refused a bad request (${status}); not called for real, so a request field it needs beyond the contract cannot show: check it by hand`,
      };
    return { outcome: 'fail', detail: `${status} to a request it should refuse` };
  }
  if (!successStatuses(op).includes(String(status))) {
    const message = text.slice(0, 120).replace(/\s+/g, ' ');
    return absent
      ? { outcome: 'missing', detail: `${status}: ${message}` }
      : {
          outcome: 'fail',
          detail: `status ${status}, expected ${successStatuses(op).join('/')}: ${message}`,
        };
  }
  const problems = answerProblems(op, status, text);
  if (problems.length) return { outcome: 'fail', detail: problems.join('; ') };
  if (step.keep) {
    try {
      step.keep(state, (text ? JSON.parse(text) : {}) as never);
    } catch {
      // What it keeps is only for later calls, which are then blocked.
    }
  }
  const renamed = renamedFields(op, status, text);
  return renamed.length
    ? { outcome: 'warn', detail: renamed.slice(0, 3).join('; ') }
    : { outcome: 'pass', detail: `${status}` };
}

export async function runConformance(contract: Contract, options: RunOptions): Promise<Result[]> {
  const state: State = { origin: options.origin, cid: newCid(), credentials: options.credentials };
  const results = new Map<string, Result>();
  for (const step of STEPS) {
    const operation = contract.operations.get(step.op);
    if (!operation) throw new Error(`The kit calls ${step.op}, which the contract does not have`);
    const before = results.get(step.op);
    const known = before?.outcome === 'pass' || before?.outcome === 'warn';
    const outcome = { operation, ...(await call(options, operation, step, state, known)) };
    if (!before || RANK[outcome.outcome] > RANK[before.outcome]) results.set(step.op, outcome);
  }
  for (const operation of contract.operations.values())
    if (!results.has(operation.operationId))
      results.set(operation.operationId, {
        operation,
        outcome: 'not called',
        detail: 'no safe call: check it by hand',
      });
  return [...results.values()];
}

/**
 * Every required operation passed (or, for a probe, is there); a warning passes unless `strict`.
 */
export const conforms = (results: readonly Result[], { strict = false } = {}) =>
  results.every(
    (r) =>
      !r.operation.required ||
      r.outcome === 'pass' ||
      r.outcome === 'present' ||
      (r.outcome === 'warn' && !strict),
  );

/** The screens, shortened to fit a column. */
function screensOf(screens: readonly string[]): string {
  const text = screens.join(', ') || '-';
  return text.length <= 60 ? text : `${text.slice(0, 56)} (…)`;
}

export function table(results: readonly Result[]): string {
  const rows = results.map((r) => [
    r.operation.operationId,
    `${r.operation.method} ${r.operation.path}`,
    r.operation.required ? 'required' : 'optional',
    r.outcome,
    r.outcome === 'pass' || r.outcome === 'present'
      ? ''
      : screensOf(
          r.operation.required && r.outcome !== 'warn'
            ? r.operation.requiredFor
            : r.operation.screens,
        ),
    r.outcome === 'pass' ? '' : r.detail,
  ]);
  const head = ['operation', 'call', 'need', 'result', 'screens affected', 'detail'];
  const widths = head.map((h, i) =>
    Math.min(60, Math.max(h.length, ...rows.map((r) => r[i]!.length))),
  );
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === cells.length - 1 ? c : c.padEnd(widths[i]!))).join('  ');
  return [line(head), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n');
}
