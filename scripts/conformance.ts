import { readFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { conforms, runConformance, table } from './conformance/run';
import { diagnosis } from './conformance/diagnosis';
import { readContract } from './conformance/validate';

// `npm run conformance -- <upstream base URL> [--origin <shop origin>] [--email <e-mail>
// --password <password>] [--contract <file>] [--strict] [--json]`: calls every operation of the
// upstream contract that can be called safely, checks each answer against it and prints a table.
// Exit status 0 only when every required operation passes (docs/decisions/0233); a warning (a
// field that looks renamed) passes unless --strict (docs/decisions/0351). The test account may
// also come from CONFORMANCE_EMAIL and CONFORMANCE_PASSWORD, the shop from CONFORMANCE_ORIGIN. An
// answer later than the gateway waits fails: CONTEXT_TIMEOUT_MS and PROXY_TIMEOUT_MS, as the
// gateway reads them (docs/decisions/0343).
const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    origin: { type: 'string' },
    email: { type: 'string' },
    password: { type: 'string' },
    contract: { type: 'string' },
    json: { type: 'boolean' },
    strict: { type: 'boolean' },
  },
});
const baseUrl = positionals[0] ?? process.env.CONFORMANCE_URL;
if (!baseUrl || !/^https?:\/\//.test(baseUrl)) {
  console.error(
    'Usage: npm run conformance -- <upstream base URL, http(s)://…> [--origin <shop origin>] [--email <e-mail> --password <password>] [--strict] [--json]',
  );
  process.exit(2);
}
/** A deadline from the gateway's variable of that name; unset or empty: the gateway's default. */
function deadline(name: string): number | undefined {
  const value = process.env[name];
  if (value === undefined || value === '') return undefined;
  if (/^[1-9]\d*$/.test(value)) return Number(value);
  console.error(`${name} must be a whole number of milliseconds above 0, not "${value}"`);
  process.exit(2);
}
const email = values.email ?? process.env.CONFORMANCE_EMAIL;
const password = values.password ?? process.env.CONFORMANCE_PASSWORD;
const file = values.contract ?? new URL('../docs/api/upstream.openapi.json', import.meta.url);
const contract = readContract(JSON.parse(await readFile(file, 'utf8')));
const givenOrigin = values.origin ?? process.env.CONFORMANCE_ORIGIN;
const origin = givenOrigin ?? new URL(baseUrl).origin;
const results = await runConformance(contract, {
  baseUrl,
  origin,
  credentials: email && password ? { email, password } : undefined,
  contextTimeoutMs: deadline('CONTEXT_TIMEOUT_MS'),
  proxyTimeoutMs: deadline('PROXY_TIMEOUT_MS'),
});
const strict = values.strict ?? false;
const ok = conforms(results, { strict });
if (values.json) {
  console.log(
    JSON.stringify(
      results.map((r) => ({
        operation: r.operation.operationId,
        required: r.operation.required,
        outcome: r.outcome,
        screens: r.operation.screens,
        detail: r.detail,
      })),
    ),
  );
} else {
  console.log(table(results));
  const failed = results.filter((r) => r.operation.required && !conforms([r], { strict }));
  const warned = results.filter((r) => r.outcome === 'warn');
  console.log(
    ok
      ? `\nConforms: every required operation passes (${results.length} operations).`
      : `\nDoes not conform: ${failed.length} required operations do not pass: ${failed.map((r) => r.operation.operationId).join(', ')}`,
  );
  if (warned.length)
    console.log(
      `Warnings (${strict ? 'failing with --strict' : 'passing; --strict fails them'}): fields that look renamed in ${warned.map((r) => r.operation.operationId).join(', ')}`,
    );
  if (!email || !password)
    console.log(
      'No test account given (--email, --password): calls for a signed-in shopper were blocked.',
    );
}
const cause = diagnosis(results, { baseUrl, origin, originGiven: givenOrigin !== undefined });
// On stderr with --json, whose stdout is the rows alone.
if (cause) (values.json ? console.error : console.log)(cause);
process.exit(ok ? 0 : 1);
