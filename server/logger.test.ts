import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

// Issue #28 item 4: a crash loses no log line unless the operator chose a buffer (LOG_BUFFER_KB);
// request lines wait for the end of the event loop's turn at most (ADR 0402).
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

describe('request lines (ADR 0402)', () => {
  const requestLines = (env: Record<string, string>) => run({ REQUEST_LINES: '1', ...env });

  it('are all written once the turn they were logged in has ended (SIGKILL after it)', () => {
    expect(requestLines({ EXIT: 'crash-next-turn' })).toEqual(all);
  });

  it('are written at exit and on an uncaught error in the same turn', () => {
    expect(requestLines({ EXIT: 'exit' })).toEqual(all);
    expect(requestLines({ EXIT: 'throw' })).toEqual(all);
  });

  it('go out before any other line, at once: a line that explains a crash takes them along', () => {
    expect(requestLines({ EXIT: 'crash', LAST_LINE: '1' })).toEqual([...all, 300]);
  });

  it('are lost only to a kill in the very turn that logged them', () => {
    expect(requestLines({ EXIT: 'crash' })).toEqual([]);
  });
});
