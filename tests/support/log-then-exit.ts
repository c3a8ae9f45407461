import pino from 'pino';
import { loggerOptions } from '../../server/logger';

// A process with the gateway's logger options (LOG_BUFFER_KB as the gateway reads it) that logs
// LINES lines, then ends as EXIT says: `exit` (process.exit) or `crash` (SIGKILL, nothing runs
// after it): server/logger.test.ts.
const options = loggerOptions({
  logLevel: 'info',
  logBufferKb: Number(process.env.LOG_BUFFER_KB ?? 0),
}) as pino.LoggerOptions & { stream: pino.DestinationStream };
const log = pino(options, options.stream);
const count = Number(process.env.LINES ?? 1);
for (let i = 0; i < count; i += 1) log.info({ i }, 'line');
if (process.env.EXIT === 'crash') process.kill(process.pid, 'SIGKILL');
else process.exit(0);
