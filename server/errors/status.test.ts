import { describe, expect, it } from 'vitest';
import { codeOfStatus, statusOf } from './status';

describe('error codes by status', () => {
  it('names the statuses the gateway answers, and falls back by class', () => {
    expect(codeOfStatus(404)).toBe('not_found');
    expect(codeOfStatus(405)).toBe('method_not_allowed');
    expect(codeOfStatus(409)).toBe('conflict');
    expect(codeOfStatus(429)).toBe('rate_limited');
    expect(codeOfStatus(418)).toBe('bad_request');
    expect(codeOfStatus(504)).toBe('upstream_timeout');
    expect(codeOfStatus(500)).toBe('internal_error');
    expect(codeOfStatus(507)).toBe('internal_error');
  });

  it("takes an error's own 4xx/5xx status, or 500", () => {
    expect(statusOf({ statusCode: 413 })).toBe(413);
    expect(statusOf({ status: 503 })).toBe(503);
    expect(statusOf({ statusCode: 302 })).toBe(500);
    expect(statusOf(new Error('x'))).toBe(500);
    expect(statusOf(undefined)).toBe(500);
  });
});
