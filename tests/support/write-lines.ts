import { syncLines } from '../../server/log-stdout';

// Writes LINES lines of SIZE characters (each `<i> <filler>`, `é` in it when MULTIBYTE=1) to stdout
// through server/log-stdout.ts, then says how many it wrote on stderr: server/log-stdout.test.ts.
// NONBLOCKING=1 first opens process.stdout, which makes a pipe's descriptor non-blocking (libuv),
// so a reader that waits fills the pipe and the writes meet EAGAIN.
if (process.env.NONBLOCKING === '1') void process.stdout.writable;
const lines = Number(process.env.LINES ?? 1);
const size = Number(process.env.SIZE ?? 100);
const filler = (process.env.MULTIBYTE === '1' ? 'é' : 'x').repeat(size);
const out = syncLines(1);
for (let i = 0; i < lines; i += 1) out.write(`${i} ${filler}\n`);
process.stderr.write(`wrote ${lines}\n`);
