import Fastify from 'fastify';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../logger';
import {
  logRequestLine,
  registerLineDestination,
  requestLineWriter,
  type RequestLine,
} from './request-line';

// The proxy's line, formatted without pino's serializer, must be the line pino writes.
function appWithCollector(logLevel: 'info' | 'warn', register = true) {
  const lines: string[] = [];
  const logger = loggerOptions({ logLevel }, { write: (line: string) => void lines.push(line) });
  const app = Fastify({ logger });
  if (logger && register) registerLineDestination(app.log, logger);
  return { app, lines };
}

const CID = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const lines: RequestLine[] = [
  {
    cid: CID,
    method: 'GET',
    url: '/api/services/catalogue/a?b=1',
    statusCode: 200,
    responseTime: 1.26,
    remoteAddress: '127.0.0.1',
    pageCid: CID,
  },
  {
    cid: CID,
    method: 'HEAD',
    url: '/a/"quoted"\\back\u00e9\u2028\u0001',
    statusCode: 304,
    responseTime: 0.04,
    remoteAddress: undefined,
    pageCid: 'not a cid',
  },
  {
    cid: CID,
    method: 'GET',
    url: '/profile/account-key/123',
    statusCode: 200,
    responseTime: 12345.67,
    remoteAddress: '::1',
    pageCid: undefined,
  },
];

describe('requestLineWriter', () => {
  it.each(lines)('writes the line pino writes (but the time): %j', (line) => {
    const { app, lines: written } = appWithCollector('info');
    logRequestLine(app.log, line, true);
    requestLineWriter(app.log)(line);
    expect(written).toHaveLength(2);
    const [byPino, ours] = written.map((text) => text.replace(/"time":\d+/, '"time":0'));
    expect(ours).toBe(byPino);
    expect(JSON.parse(ours!)).toMatchObject({
      cid: CID,
      msg: 'request completed',
      pid: process.pid,
    });
  });

  it('writes in order with pino, to the same destination', () => {
    const { app, lines: written } = appWithCollector('info');
    const write = requestLineWriter(app.log);
    app.log.info('before');
    write(lines[0]!);
    app.log.info('after');
    expect(written.map((text) => JSON.parse(text).msg)).toEqual([
      'before',
      'request completed',
      'after',
    ]);
  });

  it('writes nothing when info is not logged', () => {
    const { app, lines: written } = appWithCollector('warn');
    requestLineWriter(app.log)(lines[0]!);
    expect(written).toEqual([]);
  });

  it('goes through pino for a logger whose destination it was not told', () => {
    const { app, lines: written } = appWithCollector('info', false);
    requestLineWriter(app.log)(lines[0]!);
    expect(JSON.parse(written[0]!)).toMatchObject({ cid: CID, msg: 'request completed' });
  });
});

describe("pino's internals", () => {
  it('are read nowhere in the gateway (its public options only)', () => {
    const files = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
        entry.isDirectory()
          ? files(join(dir, entry.name))
          : entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts')
            ? [join(dir, entry.name)]
            : [],
      );
    const readers = files('server').filter((file) =>
      /pino\.symbols|Symbol(\.for)?\(['"]pino/.test(readFileSync(file, 'utf8')),
    );
    expect(readers).toEqual([]);
  });
});
