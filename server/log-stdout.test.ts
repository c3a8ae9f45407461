import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bufferedLines, syncLines } from './log-stdout';

// ADR 0283: the gateway's stdout lines (server/log-stdout.ts) arrive whole and in order, also
// through a pipe whose reader is slower than the writer, and a reader gone away fails no write.
const SCRIPT = join(__dirname, '../tests/support/write-lines.ts');

function linesOf(text: string) {
  return text.split('\n').filter(Boolean);
}

function expectWhole(lines: string[], count: number, size: number, char: string) {
  expect(lines).toHaveLength(count);
  lines.forEach((line, i) => expect(line).toBe(`${i} ${char.repeat(size)}`));
}

describe('stdout log lines (syncLines)', () => {
  it('writes every line whole and in order', () => {
    const child = spawnSync(process.execPath, ['--import', 'tsx', SCRIPT], {
      env: { ...process.env, LINES: '2000', SIZE: '300' },
      encoding: 'utf8',
    });
    expect(child.status).toBe(0);
    expectWhole(linesOf(child.stdout), 2000, 300, 'x');
  });

  it('waits for a slow reader of a non-blocking pipe, losing nothing (multi-byte lines too)', async () => {
    // 80 lines of ~100 KB: each more than the 64 KB a pipe holds (partial writes), ~8 MB in all
    // through a pipe the reader leaves full for a while (writes refused with EAGAIN).
    const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
      env: { ...process.env, LINES: '80', SIZE: '50000', MULTIBYTE: '1', NONBLOCKING: '1' },
    });
    child.stdout.pause();
    await new Promise((resolve) => setTimeout(resolve, 300));
    const chunks: Buffer[] = [];
    child.stdout.on('data', (chunk: Buffer) => chunks.push(chunk));
    child.stdout.resume();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(stderr).toContain('wrote 80');
    expectWhole(linesOf(Buffer.concat(chunks).toString('utf8')), 80, 50_000, 'é');
  }, 30_000);

  it('goes on when nobody reads its lines any more (EPIPE): the process is not failed', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', SCRIPT], {
      env: { ...process.env, LINES: '20000', SIZE: '1000', NONBLOCKING: '1' },
    });
    child.stdout.destroy(); // the reader is gone before the writes
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise((resolve) => child.on('close', resolve));
    expect(code).toBe(0);
    expect(stderr).toContain('wrote 20000');
  }, 30_000);
});

const file = () => join(mkdtempSync(join(tmpdir(), 'log-lines-')), 'out.log');
const turnEnd = () => new Promise((resolve) => setImmediate(resolve));

describe("request lines on stdout (syncLines' writeAtTurnEnd, ADR 0402)", () => {
  it('holds them to the end of the turn, then writes them in order', async () => {
    const path = file();
    const out = syncLines(openSync(path, 'w'));
    out.writeAtTurnEnd('one\n');
    out.writeAtTurnEnd('two\n');
    expect(readFileSync(path, 'utf8')).toBe('');
    await turnEnd();
    expect(readFileSync(path, 'utf8')).toBe('one\ntwo\n');
  });

  // Model: every line is written in the order it was logged; after an ordinary line or a turn's
  // end, nothing logged before is still held (states: held or not, a turn end pending or not, an
  // ordinary line in between, several turns).
  it('writes every line in call order, none held past an ordinary line or the turn (model)', async () => {
    const step = fc.constantFrom('request' as const, 'line' as const, 'turn' as const);
    await fc.assert(
      fc.asyncProperty(fc.array(step, { maxLength: 30 }), async (steps) => {
        const path = file();
        const out = syncLines(openSync(path, 'w'));
        const logged: string[] = [];
        let written = 0; // how many of `logged` must be on file
        for (const [i, kind] of steps.entries()) {
          if (kind === 'turn') {
            await turnEnd();
            written = logged.length;
          } else {
            logged.push(`${i} ${kind}\n`);
            if (kind === 'line') {
              out.write(logged.at(-1)!);
              written = logged.length;
            } else out.writeAtTurnEnd(logged.at(-1)!);
          }
          expect(readFileSync(path, 'utf8')).toBe(logged.slice(0, written).join(''));
        }
        await turnEnd();
        expect(readFileSync(path, 'utf8')).toBe(logged.join(''));
      }),
      { numRuns: 60 },
    );
  });
});

describe('held log lines (bufferedLines, LOG_BUFFER_KB)', () => {
  it('holds lines until their size reaches the buffer, then writes them all in order', () => {
    const path = file();
    const out = bufferedLines(openSync(path, 'w'), 1000, 60_000);
    for (let i = 0; i < 9; i += 1) out.write(`${i} ${'x'.repeat(98)}\n`); // 9 x 101 characters
    expect(readFileSync(path, 'utf8')).toBe('');
    out.write(`9 ${'x'.repeat(98)}\n`);
    const lines = readFileSync(path, 'utf8').split('\n').filter(Boolean);
    expect(lines.map((line) => line.split(' ')[0])).toEqual(
      Array.from({ length: 10 }, (_, i) => String(i)),
    );
  });

  it('writes what it holds within its flush interval on a quiet process', async () => {
    const path = file();
    const out = bufferedLines(openSync(path, 'w'), 64 * 1024, 50);
    out.write('one\n');
    out.write('two\n');
    expect(readFileSync(path, 'utf8')).toBe('');
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(readFileSync(path, 'utf8')).toBe('one\ntwo\n');
  });
});
