import { describe, expect, it } from 'vitest';
import { limitBucket } from './buckets';

describe('rate-limit buckets', () => {
  it('finds every way to sign in, register, reset and start a guest session', () => {
    expect(limitBucket('POST', '/auth/sign-in')).toBe('sign-in');
    expect(limitBucket('POST', '/%61uth/sign-in')).toBe('sign-in');
    expect(limitBucket('POST', '//auth//sign-in/?x=1')).toBe('sign-in');
    expect(limitBucket('POST', '/AUTH/Sign-In;x=1')).toBe('sign-in');
    expect(limitBucket('POST', '/auth/guest')).toBe('guest');
    // The sign-in screen's forms are counted by their action, by intent (ADR 0242).
    expect(limitBucket('POST', '/social-login?returnTo=%2F')).toBeNull();
    expect(limitBucket('POST', '/social-login.data')).toBeNull();
    expect(limitBucket('POST', '/profile/reset/abc')).toBe('account');
    expect(limitBucket('POST', '/profile/activation/abc.data')).toBe('account');
    expect(limitBucket('POST', '/api/services/uaa/api/v1/register')).toBe('account');
    expect(limitBucket('POST', '/api/services/%75aa/api/v1/account/reset-password/init')).toBe(
      'account',
    );
  });

  it('leaves reads and other routes alone', () => {
    expect(limitBucket('GET', '/social-login')).toBeNull();
    expect(limitBucket('GET', '/api/services/uaa/api/v1/account')).toBeNull();
    expect(limitBucket('POST', '/auth/sign-out')).toBeNull();
    // The cart form counts where it makes a guest session, not by its target (issue #27 item 6).
    expect(limitBucket('POST', '/cart')).toBeNull();
    expect(limitBucket('POST', '/api/services/booking-ms/api/v1/booking')).toBeNull();
  });
});
