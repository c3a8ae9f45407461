import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from '../logger';
import { logRequestLine, requestLineWriter, type RequestLine } from './request-log';

// The fast path's line, formatted without pino's serializer, must be the line pino writes.
function appWithCollector(logLevel: 'info' | 'warn') {
  const lines: string[] = [];
  const app = Fastify({
    logger: loggerOptions({ logLevel }, { write: (line: string) => void lines.push(line) }),
  });
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
    expect(JSON.parse(ours!)).toMatchObject({ cid: CID, msg: 'request completed' });
  });

  it('writes nothing when info is not logged', () => {
    const { app, lines: written } = appWithCollector('warn');
    requestLineWriter(app.log)(lines[0]!);
    expect(written).toEqual([]);
  });
});
