import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { requestScope } from './request-scope';

// W3C Trace Context (section 3.3.1): a tracestate belongs to the trace its traceparent names. A
// request without a valid traceparent begins a trace here, and the caller's tracestate is no part
// of it: it was passed on to the platform in a trace its vendors never saw (docs/decisions/0250).
const app = { reporter: { enabled: false } } as unknown as FastifyInstance;
const scopeOf = (traceparent: unknown, tracestate: unknown) =>
  requestScope(app, {
    cid: 'c',
    shopOrigin: 'http://shop.localhost',
    traceparent,
    tracestate,
    routeId: 'home',
    tokens: { accessToken: null, refreshToken: null },
  });

describe("a caller's tracestate", () => {
  it('is passed on with the trace it came with', () => {
    const parent = `00-${'ab'.repeat(16)}-${'cd'.repeat(8)}-01`;
    expect(scopeOf(parent, 'vendor=abc').traceState).toBe('vendor=abc');
  });

  it('is dropped when there is no valid traceparent: the trace begins here', () => {
    expect(scopeOf(undefined, 'vendor=abc').traceState).toBeUndefined();
    expect(scopeOf('00-not-a-trace-01', 'vendor=abc').traceState).toBeUndefined();
    expect(scopeOf(`00-${'0'.repeat(32)}-${'cd'.repeat(8)}-01`, 'vendor=abc').traceState).toBe(
      undefined,
    );
  });
});
