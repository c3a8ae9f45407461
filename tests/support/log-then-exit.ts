import pino from 'pino';
import { loggerOptions, requestLineLogger } from '../../server/logger';

// A process with the gateway's logger options (LOG_BUFFER_KB as the gateway reads it) that logs
// LINES lines, then ends as EXIT says: `exit` (process.exit), `crash` (SIGKILL, nothing runs
// after it), `throw` (an uncaught error) in the same turn, or `crash-next-turn` (SIGKILL once the
// turn ended): server/logger.test.ts. REQUEST_LINES=1 logs them as request lines (their own
// logger, written by the end of the turn: ADR 0402); LAST_LINE=1 then logs one more, an
// ordinary line (`i` = LINES), before the end.
const options = loggerOptions({
  logLevel: 'info',
  logBufferKb: Number(process.env.LOG_BUFFER_KB ?? 0),
}) as pino.LoggerOptions & { stream: pino.DestinationStream };
const log = pino(options, options.stream);
const lines = process.env.REQUEST_LINES === '1' ? requestLineLogger(options)! : log;
const count = Number(process.env.LINES ?? 1);
for (let i = 0; i < count; i += 1) lines.info({ i }, 'line');
if (process.env.LAST_LINE === '1') log.warn({ i: count }, 'last line');

const end = process.env.EXIT;
if (end === 'crash') process.kill(process.pid, 'SIGKILL');
else if (end === 'throw') throw new Error('crashed');
else if (end === 'crash-next-turn') setImmediate(() => process.kill(process.pid, 'SIGKILL'));
else process.exit(0);
