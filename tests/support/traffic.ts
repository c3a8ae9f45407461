// Steady traffic for the fault suites: a few concurrent visitors, each asking for the next path
// as soon as the previous answer has been read in full, until told to stop. Every answer is kept
// (status, error, which gateway answered, when, how long), for the test to judge.
export type Outcome = {
  path: string;
  status: number;
  /** A network failure or a body cut short ("terminated"), or the client's own deadline. */
  error: string | null;
  body: string;
  /** nginx's X-Upstream-Addr (tests/support/nginx.ts), when behind it. */
  upstream: string | null;
  startedAt: number;
  ms: number;
};

export type TrafficOptions = {
  workers?: number;
  /** The client gives up on a request after this long (the test's own bound; recorded as error). */
  deadlineMs?: number;
  headers?: Record<string, string>;
};

export async function fetchOutcome(
  url: string,
  path: string,
  { deadlineMs = 20_000, headers = {} }: TrafficOptions = {},
): Promise<Outcome> {
  const startedAt = Date.now();
  try {
    const response = await fetch(url + path, {
      headers,
      redirect: 'manual',
      signal: AbortSignal.timeout(deadlineMs),
    });
    const body = await response.text();
    return {
      path,
      status: response.status,
      error: null,
      body,
      upstream: response.headers.get('x-upstream-addr'),
      startedAt,
      ms: Date.now() - startedAt,
    };
  } catch (error) {
    const cause = (error as { cause?: { code?: string } }).cause?.code;
    return {
      path,
      status: 0,
      error: `${(error as Error).message}${cause ? ` (${cause})` : ''}`,
      body: '',
      upstream: null,
      startedAt,
      ms: Date.now() - startedAt,
    };
  }
}

/** Runs until `stop` resolves, then returns every outcome (in completion order). */
export async function steadyTraffic(
  url: string,
  paths: readonly string[],
  stop: Promise<unknown>,
  options: TrafficOptions = {},
): Promise<Outcome[]> {
  let stopped = false;
  void stop.then(() => (stopped = true));
  const outcomes: Outcome[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: options.workers ?? 4 }, async () => {
      while (!stopped) {
        const path = paths[next++ % paths.length]!;
        outcomes.push(await fetchOutcome(url, path, options));
      }
    }),
  );
  return outcomes;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One line for an outcome, for readable failure messages: `expect(bad.map(brief(t0)))`. */
export const brief = (t0: number) => (o: Outcome) =>
  `+${o.startedAt - t0} ms ${o.path} -> ${o.status || o.error} in ${o.ms} ms via ${o.upstream}: ${o.body.slice(0, 160)}`;
