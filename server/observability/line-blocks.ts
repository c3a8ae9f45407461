/** What the blocks are written to: a sonic-boom (pino.destination), or anything alike. */
export type BlockSink = {
  write(block: string): unknown;
  flush(cb?: (error?: Error) => void): void;
  flushSync(): void;
};

export type LineBlockOptions = {
  /** A block is passed on once it holds this many characters. */
  blockChars: number;
  /** Lines never wait longer than this. */
  flushMs: number;
};

/** Every LineBlocks of the process, passed on at exit by one listener. */
const open = new Set<LineBlocks>();
let exitHooked = false;

/**
 * Log lines gathered into blocks before they reach the destination (docs/decisions/0158).
 * sonic-boom buffers by itself too, but it appends each line to one growing string and measures
 * that string's UTF-8 length on every write, so every log line flattened and scanned half a block
 * on average, and left garbage. Here a line costs an array push; each block is joined and
 * measured once. Lines still pending when the process exits are passed
 * on then: the destination must write synchronously (sonic-boom with `sync: true`).
 */
export class LineBlocks {
  private lines: string[] = [];
  private chars = 0;

  constructor(
    private readonly options: LineBlockOptions,
    private readonly out: BlockSink,
  ) {
    open.add(this);
    if (!exitHooked) {
      exitHooked = true;
      process.on('exit', () => open.forEach((blocks) => blocks.pass()));
    }
    setInterval(() => this.pass(), options.flushMs).unref();
  }

  write(line: string): boolean {
    this.lines.push(line);
    this.chars += line.length;
    if (this.chars >= this.options.blockChars) this.pass();
    return true;
  }

  flush(cb?: (error?: Error) => void): void {
    this.pass();
    this.out.flush(cb);
  }

  flushSync(): void {
    this.pass();
    this.out.flushSync();
  }

  /** Hands what is pending to the destination. */
  pass(): void {
    if (this.lines.length === 0) return;
    const block = this.lines.length === 1 ? this.lines[0]! : this.lines.join('');
    this.lines = [];
    this.chars = 0;
    this.out.write(block);
  }
}
