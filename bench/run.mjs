// npm run bench: every bench in sequence (each its own node process, TypeScript through tsx),
// then one table of the targets with PASS/FAIL. Benches print figures; this script never fails a
// build on a timing (BENCH_STRICT=1 makes a FAIL exit 1). Durations: BENCH_SECONDS (per
// measurement, default 10), BENCH_ROUNDS (render-ratio, default 2), SOAK_SECONDS (default 60; 600
// for the real target). BENCH_ONLY=render-ratio,bundle-size runs a subset (BENCH_ONLY=latency: the
// upstream-latency run, also `npm run bench:latency`). See docs/decisions/0100-benchmarks.md.
import { spawn } from 'node:child_process';

const BENCHES = [
  'bundle-size',
  'lighthouse',
  'render-ratio',
  'proxy-overhead',
  'memory-soak',
  'latency',
];
const BENCH_PROCESS_FLAGS = ['--expose-gc', '--import', 'tsx'];
const only = (process.env.BENCH_ONLY ?? '').split(',').filter(Boolean);
const env = {
  ...process.env,
  NODE_ENV: 'production',
  BUILD_DIR: process.env.BUILD_DIR ?? 'build-bench',
};

function run(name) {
  return new Promise((resolve) => {
    console.log(`\n=== ${name} ===`);
    // The load generator runs in the bench's process: --expose-gc lets a bench collect its heap
    // between slices (ADR 0401).
    const child = spawn(process.execPath, [...BENCH_PROCESS_FLAGS, `bench/${name}.ts`], {
      env,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let result = null;
    let buffered = '';
    child.stdout.on('data', (chunk) => {
      process.stdout.write(chunk);
      buffered += chunk;
      const lines = buffered.split('\n');
      buffered = lines.pop();
      for (const line of lines)
        if (line.startsWith('BENCH_RESULT '))
          result = JSON.parse(line.slice('BENCH_RESULT '.length));
    });
    child.on('exit', (code) =>
      resolve(
        result ?? {
          bench: name,
          checks: [{ target: `${name} did not finish`, measured: `exit ${code}`, pass: false }],
        },
      ),
    );
  });
}

const started = Date.now();
const results = [];
for (const name of BENCHES.filter((b) => only.length === 0 || only.includes(b)))
  results.push(await run(name));

const rows = results.flatMap((r) =>
  r.checks.map((c) => [
    c.pass === null ? 'info' : c.pass ? 'PASS' : 'FAIL',
    r.bench,
    c.target,
    c.measured,
  ]),
);
const width = [4, 14, Math.max(...rows.map((r) => r[2].length)), 0];
console.log(
  `\n=== summary (${Math.round((Date.now() - started) / 1000)} s, ${new Date().toISOString()}) ===`,
);
for (const row of [['', 'bench', 'target', 'measured'], ...rows]) {
  console.log(row.map((cell, i) => (width[i] ? cell.padEnd(width[i]) : cell)).join('  '));
}
const failed = rows.some((r) => r[0] === 'FAIL');
process.exitCode = failed && process.env.BENCH_STRICT === '1' ? 1 : 0;
