import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, openSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bufferedLines } from './log-stdout';

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

describe('held log lines (bufferedLines, LOG_BUFFER_KB)', () => {
  const file = () => join(mkdtempSync(join(tmpdir(), 'log-lines-')), 'out.log');

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
