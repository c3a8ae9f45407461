import type { Step } from './steps';
import { answerProblems, type ContractOperation } from './validate';

// The refusals the gateway acts on (docs/decisions/0343): a token the upstream did not issue must
// be a 401, the status on which the gateway renews the access token and calls again, and a refused
// refresh token must say `invalid_grant`, the code on which it ends the session. Another status or
// body passes the refusal on to the shopper as an error instead.
type Judged = { outcome: 'pass' | 'fail' | 'missing'; detail: string };

/** The error code of an error body: `{ error: { code } }` or uaa's `{ error: 'code' }`. */
function errorCode(text: string): string | undefined {
  try {
    const error = (JSON.parse(text) as { error?: unknown }).error;
    if (typeof error === 'string') return error;
    const code = (error as { code?: unknown } | undefined)?.code;
    return typeof code === 'string' ? code : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The refusal of a request, by status and body. `known`: the operation answered a real call;
 * otherwise a 404, 405 or 501 says it is missing, not that it refused wrongly.
 */
export function judgeRefusal(
  op: ContractOperation,
  refused: NonNullable<Step['refused']>,
  answer: { status: number; text: string; known: boolean },
): Judged {
  const { what, statuses, code, because } = refused;
  const { status, text } = answer;
  const expected = statuses.join(' or ');
  if (!answer.known && [404, 405, 501].includes(status))
    return { outcome: 'missing', detail: `${status} to ${what}` };
  if (!statuses.includes(status))
    return { outcome: 'fail', detail: `${what}: ${status}, expected ${expected} (${because})` };
  const problems = answerProblems(op, status, text);
  if (problems.length)
    return { outcome: 'fail', detail: `${what}: ${status} with ${problems.join('; ')}` };
  const found = errorCode(text);
  if (code && found !== code)
    return {
      outcome: 'fail',
      detail: `${what}: ${status} with error code ${found ?? '(none)'}, expected ${code} (${because})`,
    };
  return { outcome: 'pass', detail: `${status} to ${what}` };
}
