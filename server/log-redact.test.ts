import pino, { type LoggerOptions } from 'pino';
import { describe, expect, it } from 'vitest';
import { loggerOptions } from './logger';

// The gateway's logger options as Fastify gets them, on a collecting stream.
function logger() {
  const lines: string[] = [];
  const options = loggerOptions(
    { logLevel: 'info' },
    { write: (line) => void lines.push(line) },
  ) as LoggerOptions & { stream: pino.DestinationStream };
  return { log: pino(options, options.stream), lines };
}

describe('secrets in log lines', () => {
  it('censors cookies, authorization and tokens wherever the gateway could log them', () => {
    const { log, lines } = logger();
    log.info({
      req: { headers: { cookie: 'access_token=SECRET-1', authorization: 'Bearer SECRET-2' } },
    });
    log.info({ res: { headers: { 'set-cookie': ['refresh_token=SECRET-3'] } } });
    log.info({ headers: { cookie: 'SECRET-4', authorization: 'SECRET-5', accept: 'text/html' } });
    log.info({ pair: { access_token: 'SECRET-6', refresh_token: 'SECRET-7', expires_in: 60 } });
    log.warn({ body: { email: 'a@b.c', password: 'SECRET-8' } }, 'sign-in refused');
    log.error({ err: Object.assign(new Error('upstream said no'), { password: 'SECRET-9' }) });
    const text = lines.join('\n');
    expect(lines).toHaveLength(6);
    expect(text).not.toMatch(/SECRET-/);
    expect(text.match(/\[redacted\]/g)).toHaveLength(9);
    // What is not secret is kept.
    expect(text).toContain('text/html');
    expect(text).toContain('"expires_in":60');
    expect(text).toContain('a@b.c');
    expect(text).toContain('upstream said no');
    expect(JSON.parse(lines[5]!).err.stack).toContain('Error: upstream said no');
  });

  it('redacts codes, states and tokens from any logged url (issue #27 item 14)', () => {
    const { log, lines } = logger();
    log.info({ url: '/auth/social/demo/callback?code=SECRET-1&state=SECRET-2' }, 'completed');
    log.warn({ url: '/api/x?q=milk&token=SECRET-3', statusCode: 404 }, 'upstream answer');
    const text = lines.join('\n');
    expect(text).not.toMatch(/SECRET-/);
    expect(JSON.parse(lines[0]!).url).toBe('/auth/social/demo/callback?[redacted]');
    expect(JSON.parse(lines[1]!).url).toBe('/api/x?q=milk&token=[redacted]');
  });

  it("leaves the caller's objects as they were", () => {
    const { log } = logger();
    const pair = { access_token: 'SECRET', refresh_token: 'SECRET' };
    const fields = { pair };
    log.info(fields);
    expect(fields.pair).toBe(pair);
    expect(pair.access_token).toBe('SECRET');
  });

  it('writes a line without secrets unchanged', () => {
    const { log, lines } = logger();
    log.info({ method: 'GET', url: '/api/services/catalogue/x', statusCode: 200 }, 'done');
    expect(JSON.parse(lines[0]!)).toMatchObject({ url: '/api/services/catalogue/x', msg: 'done' });
  });
});
