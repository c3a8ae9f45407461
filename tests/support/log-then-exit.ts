import pino from 'pino';
import { loggerOptions } from '../../server/logger';

// A process with the gateway's logger options that logs LINES lines and exits at once, with the
// lines still pending (server/observability/line-blocks.test.ts).
const options = loggerOptions({ logLevel: 'info' }) as pino.LoggerOptions & {
  stream: pino.DestinationStream;
};
const log = pino(options, options.stream);
const count = Number(process.env.LINES ?? 1);
for (let i = 0; i < count; i += 1) log.info({ i }, 'line');
process.exit(0);
