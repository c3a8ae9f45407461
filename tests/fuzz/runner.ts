import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { CID_PATTERN } from '../../shared/cid';
import { sendRaw, serialise, type RawAnswer, type RawRequest } from './raw-http';

// Runs a fuzz campaign: `runs` requests drawn from the arbitrary with one seed (FUZZ_SEED to
// replay a run), sent `concurrency` at a time, each answer judged. Findings come back with the
// exact request, so a failure message names the seed and the counterexamples.
export const FUZZ_RUNS = Number(process.env.FUZZ_RUNS ?? 10_000);
// CI runs one fixed seed (the same requests every time, so a red run is a regression, never
// luck); FUZZ_SEED=random explores new ones, FUZZ_SEED=<n> replays a run.
export const FUZZ_SEED =
  process.env.FUZZ_SEED === 'random'
    ? Date.now() % 2 ** 31
    : Number(process.env.FUZZ_SEED ?? 424_242);

/** The methods Fastify 5 routes (its `supportedMethods`): any other is a 501 on both servers. */
const ROUTED = ['GET', 'HEAD', 'TRACE', 'DELETE', 'OPTIONS', 'PATCH', 'PUT', 'POST', 'QUERY'];

export type Finding = { problem: string; request: RawRequest; answer: RawAnswer };

/** What every answer must be: not a 5xx, an answer at all, and errors in the error shape. */
export function judge(
  request: RawRequest,
  answer: RawAnswer,
  /** uaa answers OAuth-style errors: { error, error_description, cid } (ADR 0041). */
  oauthShape = false,
): string | null {
  if (answer.error) return `no answer: ${answer.error}`;
  // A method no route takes anywhere (PROPFIND, PURGE) is the 501 the server chose (docs/
  // decisions/0392), judged as any error answer; any other 5xx is a finding.
  if (answer.status >= 500 && !(answer.status === 501 && !ROUTED.includes(request.method)))
    return `${answer.status}`;
  if (answer.status < 400 || request.method === 'HEAD') return null;
  const type = answer.headers['content-type'] ?? '';
  if (type.includes('text/html')) {
    // An error page for a browser, which shows the correlation id.
    return /name="correlation-id"/.test(answer.body) ? null : `${answer.status} page without a cid`;
  }
  try {
    const parsed = JSON.parse(answer.body) as Record<string, unknown>;
    if (
      oauthShape &&
      typeof parsed.error === 'string' &&
      typeof parsed.error_description === 'string' &&
      typeof parsed.cid === 'string' &&
      CID_PATTERN.test(parsed.cid)
    )
      return null;
    const error = parsed.error as Record<string, unknown> | undefined;
    if (
      typeof error?.code === 'string' &&
      typeof error.message === 'string' &&
      typeof error.cid === 'string' &&
      CID_PATTERN.test(error.cid)
    )
      return null;
  } catch {
    // not JSON
  }
  return `${answer.status} not in the error shape (${type || 'no content type'})`;
}

export type Campaign = {
  port: number;
  arbitrary: fc.Arbitrary<RawRequest>;
  runs?: number;
  seed?: number;
  concurrency?: number;
  /** Requests whose errors may have the OAuth shape (uaa). */
  oauth?: (request: RawRequest) => boolean;
  /** Called every 1000 requests (memory samples). */
  onProgress?: (done: number) => void | Promise<void>;
};

export async function runCampaign(
  campaign: Campaign,
): Promise<{ findings: Finding[]; sent: number }> {
  const { runs = FUZZ_RUNS, seed = FUZZ_SEED, concurrency = 8 } = campaign;
  const requests = fc.sample(campaign.arbitrary, { seed, numRuns: runs });
  const findings: Finding[] = [];
  let next = 0;
  let done = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < requests.length) {
        const request = requests[next++]!;
        const answer = await sendRaw(campaign.port, request);
        const problem = judge(request, answer, campaign.oauth?.(request) ?? false);
        if (problem) findings.push({ problem, request, answer });
        if (++done % 1000 === 0) await campaign.onProgress?.(done);
      }
    }),
  );
  return { findings, sent: done };
}

/** The findings grouped by problem, with a few exact requests each, and how to replay the run. */
export function report(name: string, seed: number, findings: Finding[]): string {
  if (findings.length === 0) return '';
  const groups = new Map<string, Finding[]>();
  for (const finding of findings) {
    const key = `${finding.problem} for ${finding.request.method}`;
    groups.set(key, [...(groups.get(key) ?? []), finding]);
  }
  const lines = [`${name}: ${findings.length} findings; replay with FUZZ_SEED=${seed}`];
  for (const [key, group] of groups) {
    lines.push(`- ${group.length} x ${key}`);
    for (const { request, answer } of group.slice(0, 3)) {
      lines.push(`    ${JSON.stringify(serialise(request).slice(0, 400))}`);
      lines.push(`    -> ${JSON.stringify(answer.body.slice(0, 200))}`);
    }
  }
  return lines.join('\n');
}

/** Resident memory of a process in MB (Linux). */
export function residentMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}
