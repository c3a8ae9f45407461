import { execFileSync } from 'node:child_process';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LineBlocks, type BlockSink } from './line-blocks';

function sink() {
  const blocks: string[] = [];
  const out: BlockSink & { blocks: string[]; syncFlushes: number } = {
    blocks,
    syncFlushes: 0,
    write: (block) => blocks.push(block),
    flush: (cb) => cb?.(),
    flushSync() {
      this.syncFlushes += 1;
    },
  };
  return out;
}

describe('log lines in blocks', () => {
  afterEach(() => void vi.useRealTimers());

  it('holds lines until a block is full, then passes them on as one block, in order', () => {
    const out = sink();
    const blocks = new LineBlocks({ blockChars: 30, flushMs: 60_000 }, out);
    blocks.write('first line\n');
    blocks.write('second line\n');
    expect(out.blocks).toEqual([]);
    blocks.write('third line\n');
    expect(out.blocks).toEqual(['first line\nsecond line\nthird line\n']);
    blocks.write('fourth\n');
    expect(out.blocks).toHaveLength(1);
  });

  it('never keeps a line longer than flushMs', () => {
    vi.useFakeTimers();
    const out = sink();
    const blocks = new LineBlocks({ blockChars: 16_384, flushMs: 500 }, out);
    blocks.write('a quiet moment\n');
    vi.advanceTimersByTime(499);
    expect(out.blocks).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(out.blocks).toEqual(['a quiet moment\n']);
    // Nothing pending: nothing written.
    vi.advanceTimersByTime(5_000);
    expect(out.blocks).toHaveLength(1);
  });

  it('passes pending lines on before a synchronous flush of the destination', () => {
    const out = sink();
    const blocks = new LineBlocks({ blockChars: 16_384, flushMs: 60_000 }, out);
    blocks.write('x\n');
    blocks.flushSync();
    expect(out.blocks).toEqual(['x\n']);
    expect(out.syncFlushes).toBe(1);
  });

  it("writes every line of the gateway's logger when the process exits at once", () => {
    // A process with the gateway's logger options (stdout, not a terminal: JSON lines) logs and
    // calls process.exit() with the lines still pending: none may be lost.
    const stdout = execFileSync(
      process.execPath,
      ['--import', 'tsx', join(__dirname, '../../tests/support/log-then-exit.ts')],
      { env: { ...process.env, LOG_FORMAT: 'json', LINES: '300' }, encoding: 'utf8' },
    );
    const numbers = stdout
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { i: number }).i);
    expect(numbers).toEqual(Array.from({ length: 300 }, (_, i) => i));
  });
});
