import { describe, expect, it } from 'vitest';
import { blankIds, fingerprintOf } from './fingerprint';

const http = (status: number, url: string) => ({
  message: `[${status}] Service Unavailable (${url})`,
  fingerprint: ['http-failure', String(status), url.split('?')[0]],
});
const thrown = (value: string, fn = 'loader') => ({
  platform: 'javascript',
  exception: {
    values: [
      { type: 'TypeError', value, stacktrace: { frames: [{ filename: 'app.js', function: fn }] } },
    ],
  },
});

describe('the inbox fingerprint', () => {
  it("is the event's own fingerprint when it has one", () => {
    expect(fingerprintOf(http(503, 'http://p/cms-api/context?cid=1'))).toBe(
      'http-failure | 503 | http://p/cms-api/context',
    );
  });

  it('groups exceptions by type, message without ids and numbers, and top frame', () => {
    expect(fingerprintOf(thrown('order 1042 not found for AbCdEfGhIjKlMnOp1234'))).toBe(
      fingerprintOf(thrown('order 7 not found for ZyXwVuTsRqPoNmLk9876')),
    );
    expect(fingerprintOf(thrown('x is undefined'))).not.toBe(
      fingerprintOf(thrown('x is undefined', 'action')),
    );
    expect(blankIds('GET /orders/1042?cid=abc failed in 12.5 ms')).toBe(
      'GET /orders/<n>?… failed in <n> ms',
    );
  });

  it('groups an event stored before intake checked its fields instead of failing the list', () => {
    expect(fingerprintOf({ exception: { values: {} } })).toBe(fingerprintOf({}));
    expect(fingerprintOf({ message: { formatted: 5 } })).toBe(' ');
  });
});
