import Fastify from 'fastify';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loggerOptions, requestLineLogger } from '../logger';
import { logRequestLine, requestLineWriter, type RequestLine } from './request-line';
import { runInScope, type RequestScope } from './scope';

// The request line (issue #28 item 4): what a log tool needs, written by pino.
function lineLogWithCollector(logLevel: 'info' | 'warn') {
  const lines: string[] = [];
  const options = loggerOptions({ logLevel }, { write: (line: string) => void lines.push(line) });
  return { log: requestLineLogger(options), lines };
}

function appWithCollector(logLevel: 'info' | 'warn') {
  const lines: string[] = [];
  const logger = loggerOptions({ logLevel }, { write: (line: string) => void lines.push(line) });
  const app = Fastify({ logger });
  return { app, lines };
}

const CID = 'AbCdEfGhIjKlMnOpQrStUvWxYz012345';
const TRACE = 'ab'.repeat(16);
const scope = (): RequestScope => ({
  cid: CID,
  traceId: TRACE,
  spanId: 'cd'.repeat(8),
  tenant: 'harbour',
  shop: 'harbour.localhost',
  routeId: 'product',
  upstream: { service: 'catalogue', status: 503, calls: 3 },
  cache: { 'subrequest:hit': 2, 'template:miss': 1 },
});
const line = (over: Partial<RequestLine> = {}): RequestLine => ({
  cid: CID,
  method: 'GET',
  url: '/profile/account-key/123?x=1',
  statusCode: 200,
  responseTime: 1.26,
  remoteAddress: '127.0.0.1',
  pageCid: CID,
  scope: scope(),
  ...over,
});

describe('the request line', () => {
  it('names the route, status, duration, upstream, cache result, trace and span', () => {
    const { log, lines } = lineLogWithCollector('info');
    requestLineWriter(log)(line());
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      cid: CID,
      msg: 'request completed',
      method: 'GET',
      url: '/profile/account-key/123?x=1',
      statusCode: 200,
      responseTime: 1.3,
      route: 'product',
      tenant: 'harbour',
      upstreamService: 'catalogue',
      upstreamStatus: 503,
      upstreamCalls: 3,
      cache: 'subrequest:hit=2 template:miss=1',
      traceId: TRACE,
      spanId: 'cd'.repeat(8),
      pageCid: CID,
    });
  });

  it('leaves out what a request did not have (no upstream call, no cache, a bad page CID)', () => {
    const { log, lines } = lineLogWithCollector('info');
    const bare: RequestScope = { cid: CID, traceId: TRACE, tenant: '', routeId: 'home' };
    logRequestLine(log!, line({ scope: bare, pageCid: 'not a cid' }));
    const written = JSON.parse(lines[0]!) as Record<string, unknown>;
    for (const key of [
      'upstreamService',
      'upstreamStatus',
      'cache',
      'tenant',
      'pageCid',
      'pageHead',
      'documentStatus',
      'pageTemplate',
    ])
      expect(written).not.toHaveProperty(key);
    expect(written.spanId).toMatch(/^[0-9a-f]{16}$/);
  });

  it("has every other line's base fields, and only primitive values, its URL's secrets hidden", () => {
    // The line's logger has no redact paths or censoring formatter: nothing it writes may need them.
    const { log, lines } = lineLogWithCollector('info');
    requestLineWriter(log)(line({ url: '/auth/social/demo/callback?code=abc&state=def' }));
    const written = JSON.parse(lines[0]!) as Record<string, unknown>;
    expect(written).toMatchObject({ level: 30, pid: process.pid, msg: 'request completed' });
    expect(typeof written.time).toBe('number');
    expect(typeof written.hostname).toBe('string');
    for (const value of Object.values(written)) expect(typeof value).not.toBe('object');
    expect(lines[0]).not.toMatch(/abc|def/);
  });

  it("says what an early head's headers cannot: the head, the page's own status, its template", () => {
    const { log, lines } = lineLogWithCollector('info');
    const early = {
      ...scope(),
      document: { early: true, status: 404, template: 'bypass' },
    } as const;
    requestLineWriter(log)(line({ scope: early }));
    expect(JSON.parse(lines[0]!)).toMatchObject({
      statusCode: 200,
      pageHead: 'early',
      documentStatus: 404,
      pageTemplate: 'bypass',
      cache: 'subrequest:hit=2 template:miss=1',
    });
  });

  it('writes nothing when info is not logged', () => {
    const { log, lines } = lineLogWithCollector('warn');
    requestLineWriter(log)(line());
    expect(lines).toEqual([]);
  });
});

describe('every log line inside a request', () => {
  it('carries the trace and span ids; lines outside a request carry none', () => {
    const { app, lines } = appWithCollector('info');
    runInScope(scope(), () => app.log.warn({ service: 'cms' }, 'inside'));
    app.log.info('outside');
    const [inside, outside] = lines.map((text) => JSON.parse(text) as Record<string, unknown>);
    expect(inside).toMatchObject({ traceId: TRACE, spanId: 'cd'.repeat(8), msg: 'inside' });
    expect(outside).not.toHaveProperty('traceId');
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
      /pino\.symbols|Symbol(\.for)?\(['"]pino|\.levels\.values|stdTimeFunctions/.test(
        readFileSync(file, 'utf8'),
      ),
    );
    expect(readers).toEqual([]);
  });
});
