import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue #28 item 4: a crash loses no log line unless the operator chose a buffer (LOG_BUFFER_KB).
function run(env: Record<string, string>) {
  const child = spawnSync(
    process.execPath,
    ['--import', 'tsx', join(__dirname, '../tests/support/log-then-exit.ts')],
    { env: { ...process.env, LOG_FORMAT: 'json', LINES: '300', ...env }, encoding: 'utf8' },
  );
  return child.stdout
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((line) => (JSON.parse(line) as { i: number }).i);
}

const all = Array.from({ length: 300 }, (_, i) => i);

describe('the gateway logger', () => {
  it('has written every line when the process is killed (SIGKILL) right after logging them', () => {
    expect(run({ EXIT: 'crash' })).toEqual(all);
  });

  it('writes every line at exit also when the operator chose a buffer', () => {
    expect(run({ EXIT: 'exit', LOG_BUFFER_KB: '64' })).toEqual(all);
  });

  it('holds lines with a buffer: a crash then loses what the buffer held (the operator chose it)', () => {
    expect(run({ EXIT: 'crash', LOG_BUFFER_KB: '64' }).length).toBeLessThan(300);
  });
});
