import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { helmetOptions, securityHeaders } from '../../server/plugins/security-headers';
import { ROOT } from '../support/compose-file';
import { parseResponses } from '../support/socket-exchange';

// HAProxy's answers to a request it could not read (deploy/haproxy-errors/, docs/decisions/0386):
// whole HTTP answers HAProxy sends as written, with no rule to add the gateway's headers, so the
// pages carry them: the https frontend's with HSTS, plain http's without (as the gateway sends
// them over each). Each in the JSON shape with the code nginx's own answer to the status names;
// no CID (HAProxy has no request to name one from). Each status HAProxy refuses with on its own
// has its page in both frontends of deploy/haproxy.cfg. What HAProxy sends:
// tests/reliability/balancer-own-answers.test.ts.
const CODES: Record<number, string> = {
  400: 'bad_request',
  405: 'method_not_allowed',
  408: 'request_timeout',
  413: 'payload_too_large',
  414: 'uri_too_long',
  // The gateway's code for a 4xx it has no name for (server/errors/status.ts).
  422: 'bad_request',
  431: 'headers_too_large',
  500: 'internal_error',
  501: 'not_implemented',
};
const SCHEMES = { https: true, http: false } as const;
const config = readFileSync(join(ROOT, 'deploy/haproxy.cfg'), 'utf8');

/** The `errorfile` lines of a frontend of deploy/haproxy.cfg, by status. */
function errorFiles(frontend: string): Record<string, string> {
  const section = config.split(/^(?=frontend |backend )/m).find((s) => s.startsWith(frontend));
  const lines = [...(section ?? '').matchAll(/^\s+errorfile (\d{3}) (\S+)$/gm)];
  return Object.fromEntries(lines.map((m) => [m[1]!, m[2]!]));
}

describe.each(Object.entries(SCHEMES))("HAProxy's error pages over %s", (scheme, secure) => {
  const frontend = secure ? 'frontend shop\n' : 'frontend plain-http\n';

  it('are the pages its frontend names, one for each status HAProxy refuses with itself', () => {
    const named = Object.keys(CODES).map((status) => [
      status,
      `haproxy-errors/${scheme}/${status}.http`,
    ]);
    expect(errorFiles(frontend)).toEqual(Object.fromEntries(named));
  });

  it.each(Object.keys(CODES))(
    '%s: one whole answer in the JSON shape, with the gateway headers',
    (status) => {
      const raw = readFileSync(join(ROOT, `deploy/haproxy-errors/${scheme}/${status}.http`));
      const { responses, rest } = parseResponses(raw, false);
      expect(responses).toHaveLength(1);
      expect(rest).toBe(0);
      const [page] = responses;
      expect(page!.status).toBe(Number(status));
      expect(page!.headers['content-type']).toEqual(['application/json']);
      expect(page!.headers['cache-control']).toEqual(['no-store']);
      for (const [name, value] of Object.entries(
        securityHeaders(helmetOptions({ cookieSecure: secure })),
      ))
        expect(page!.headers[name], name).toEqual([value]);
      if (!secure) expect(page!.headers['strict-transport-security']).toBeUndefined();
      expect(JSON.parse(page!.body.toString())).toEqual({
        error: { code: CODES[Number(status)], message: expect.any(String) },
      });
    },
  );
});

it('the gateway API document names each of these statuses as an answer without a cid', () => {
  // Its errors promise a cid; a client reading it learns which balancer answers lack one
  // (docs/decisions/0393).
  const document = JSON.parse(
    readFileSync(join(ROOT, 'docs/api/gateway.openapi.json'), 'utf8'),
  ) as {
    info: { description: string };
  };
  const said = /refusals of a request it could not read \(([^)]*)\) have no `cid`/.exec(
    document.info.description,
  );
  const statuses = /: ([\d, ]+)$/.exec(said?.[1] ?? '')?.[1]?.split(', ');
  expect(statuses).toEqual(Object.keys(CODES));
});
