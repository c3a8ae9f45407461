import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Redocly's `recommended` ruleset on OpenAPI documents (files, or objects written to a temporary
// file), read from its JSON report: the problems, and how many are errors (docs/decisions/0230).
const REDOCLY = fileURLToPath(new URL('../../node_modules/.bin/redocly', import.meta.url));

export type LintProblem = { ruleId: string; severity: string; message: string; where: string };
export type LintReport = { errors: number; warnings: number; problems: LintProblem[] };
type RawProblem = {
  ruleId: string;
  severity: string;
  message: string;
  location?: { pointer?: string }[];
};

/** Lints a file, or a document written to a temporary file. */
export async function lintOpenApi(document: string | object): Promise<LintReport> {
  let dir: string | null = null;
  let file: string;
  if (typeof document === 'string') file = document;
  else {
    dir = await mkdtemp(join(tmpdir(), 'openapi-lint-'));
    file = join(dir, 'openapi.json');
    await writeFile(file, JSON.stringify(document));
  }
  try {
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(
        REDOCLY,
        ['lint', '--extends', 'recommended', '--format', 'json', '--max-problems', '1000', file],
        { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, REDOCLY_TELEMETRY: 'off' } },
        // Redocly exits 1 when there are errors; the report is on stdout either way.
        (error, out, err) => (out ? resolve(out) : reject(error ?? new Error(err))),
      );
    });
    const report = JSON.parse(stdout.slice(stdout.indexOf('{'))) as {
      totals: { errors: number; warnings: number };
      problems: RawProblem[];
    };
    return {
      errors: report.totals.errors,
      warnings: report.totals.warnings,
      problems: report.problems.map((p) => ({
        ruleId: p.ruleId,
        severity: p.severity,
        message: p.message,
        where: p.location?.[0]?.pointer ?? '',
      })),
    };
  } finally {
    if (dir) await rm(dir, { recursive: true, force: true });
  }
}
