import { readFile, writeFile, mkdir } from 'node:fs/promises';
import { format, resolveConfig } from 'prettier';
import { fileURLToPath } from 'node:url';
import { lintOpenApi } from './api/redocly-lint';
import { API_DOCUMENTS } from './api/documents';

// `npm run api:docs`: writes docs/api/*.openapi.json from their sources (docs/decisions/0231).
// `npm run api:check` (`--check`): fails when a committed document differs from the generated
// one, or when redocly's `recommended` rules find an error in it.
const root = fileURLToPath(new URL('..', import.meta.url));
const check = process.argv.includes('--check');
let failed = false;

await mkdir(`${root}docs/api`, { recursive: true });
for (const { file, build } of API_DOCUMENTS) {
  const path = `${root}${file}`;
  // Formatted as the repository's prettier would, so `npm run format:check` agrees.
  const options = { ...(await resolveConfig(path)), parser: 'json' };
  const text = await format(JSON.stringify(await build()), options);
  if (!check) {
    await writeFile(path, text);
    console.log(`wrote ${file}`);
    continue;
  }
  const committed = await readFile(path, 'utf8').catch(() => null);
  if (committed !== text) {
    failed = true;
    console.error(`${file} is not the generated document: run npm run api:docs and commit it`);
  }
  const report = await lintOpenApi(path);
  for (const p of report.problems.filter((p) => p.severity === 'error'))
    console.error(`${file}: ${p.ruleId}: ${p.message} (${p.where})`);
  if (report.errors > 0) failed = true;
  console.log(
    `${file}: ${committed === text ? 'up to date' : 'STALE'}, ${report.errors} lint errors, ${report.warnings} warnings`,
  );
}
process.exit(failed ? 1 : 0);
