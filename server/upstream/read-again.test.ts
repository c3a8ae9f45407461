import { describe, expect, it } from 'vitest';
import { bookingPaths } from '../../shared/contracts/booking-paths';
import { RETRY_JITTER_MS } from './connection-lost';
import { UpstreamTimeoutError } from './guarded-dispatcher';
import { mayReadAgain, SecondTry, secondTryMs } from './read-again';

// ADR 0355: which of the gateway's own calls are asked again after a lost connection, and with
// how much of the call's deadline.
const lost = (code: string) => Object.assign(new Error('lost'), { code });
const ORDERS = '/api/services/orders/api/v1/orders';

describe('mayReadAgain', () => {
  it('takes a bodiless GET or HEAD', () => {
    expect(mayReadAgain('GET', false, ORDERS)).toBe(true);
    expect(mayReadAgain('HEAD', false, `${ORDERS}?page=2`)).toBe(true);
  });

  it('never a write, nor a read with a body', () => {
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH'])
      expect(mayReadAgain(method, false, ORDERS), method).toBe(false);
    expect(mayReadAgain('GET', true, ORDERS)).toBe(false);
  });

  it('never the GET the specification makes change the cart, however it is spelled', () => {
    const copy = bookingPaths.copyBookingToCart;
    for (const path of [
      `${copy}?bookingId=b1&override=true`,
      `${copy}/`,
      copy.replace('copyBookingToCart', '%63opyBookingToCart'),
      copy.toUpperCase(),
    ])
      expect(mayReadAgain('GET', false, path), path).toBe(false);
    // A path no router decodes is no read worth a second try either.
    expect(mayReadAgain('GET', false, `${ORDERS}/%E0%A4%A`)).toBe(false);
  });
});

describe('secondTryMs', () => {
  it('is what is left of the deadline after the wait, in whole milliseconds', () => {
    expect(secondTryMs(1_000, 0)).toBe(1_000);
    expect(secondTryMs(700.9, 41.5)).toBe(659);
  });

  it('is none when under a millisecond would be left (0 would be no deadline to the guard)', () => {
    expect(secondTryMs(40, 39.5)).toBeNull();
    expect(secondTryMs(10, 20)).toBeNull();
    expect(secondTryMs(-5, 0)).toBeNull();
  });
});

describe('SecondTry', () => {
  it('follows a lost connection with what is left of the deadline after its short wait', () => {
    let clock = 1_000;
    const second = new SecondTry(2_000, () => clock);
    expect(second.waitMs).toBeGreaterThanOrEqual(0);
    expect(second.waitMs).toBeLessThanOrEqual(RETRY_JITTER_MS);
    clock += 300; // the first try lost its connection 300 ms in
    expect(second.after(lost('UND_ERR_SOCKET'))).toBe(Math.floor(1_700 - second.waitMs));
  });

  it.each(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET', 'UND_ERR_CLOSED'])(
    'follows %s',
    (code) => expect(new SecondTry(1_000).follows(lost(code))).toBe(true),
  );

  it('does not follow a timeout, nor any other failure', () => {
    expect(new SecondTry(1_000).follows(new UpstreamTimeoutError('late'))).toBe(false);
    expect(new SecondTry(1_000).follows(lost('UND_ERR_HEADERS_TIMEOUT'))).toBe(false);
    expect(new SecondTry(1_000).follows(new Error('no code'))).toBe(false);
  });

  it('does not follow a connection lost with no time left for a second try', () => {
    let clock = 0;
    const second = new SecondTry(100, () => clock);
    clock = 100;
    expect(second.after(lost('ECONNRESET'))).toBeNull();
  });

  it('decides once: the pool watch and the call agree, however late the call asks', () => {
    let clock = 0;
    const second = new SecondTry(1_000, () => clock);
    clock = 500;
    expect(second.follows(lost('ECONNRESET'))).toBe(true); // the watch, as the try fails
    const ms = second.after(lost('ECONNRESET'));
    clock = 5_000; // the call reads it later: the same deadline
    expect(second.after(lost('ECONNRESET'))).toBe(ms);
    expect(ms).toBe(Math.floor(500 - second.waitMs));
  });
});
