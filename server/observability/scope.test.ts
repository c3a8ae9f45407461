import { describe, expect, it } from 'vitest';
import { parseTraceparent, passedTracestate } from '../../shared/tracing';
import { hostnameOf } from './request-scope';
import { newTraceIdPart, traceparentFor, type RequestScope } from './scope';

describe('trace ids', () => {
  it("reads a caller's traceparent with its sampled flag, refuses malformed and zero ids", () => {
    const trace = 'ab'.repeat(16);
    expect(parseTraceparent(`00-${trace}-${'cd'.repeat(8)}-01`)).toEqual({
      traceId: trace,
      spanId: 'cd'.repeat(8),
      flags: 1,
    });
    expect(parseTraceparent(`00-${trace}-${'cd'.repeat(8)}-00`)?.flags).toBe(0);
    expect(parseTraceparent(`00-${'0'.repeat(32)}-${'cd'.repeat(8)}-01`)).toBeNull();
    expect(parseTraceparent(`00-${trace}-${'0'.repeat(16)}-01`)).toBeNull();
    expect(parseTraceparent(`00-${trace.toUpperCase()}-${'cd'.repeat(8)}-01`)).toBeNull();
    expect(parseTraceparent(undefined)).toBeNull();
    expect(passedTracestate('vendor=a,other=b')).toBe('vendor=a,other=b');
    expect(passedTracestate('x'.repeat(513))).toBeUndefined();
  });

  it('makes fresh, distinct ids, and passes the sampled flag on', () => {
    // Across several refills of the random block: all well formed, none repeated.
    const ids = Array.from({ length: 1000 }, () => newTraceIdPart(16));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(ids.length);
    const scope: RequestScope = { cid: 'c', traceId: 'ab'.repeat(16), tenant: '', routeId: 'x' };
    const spans = Array.from({ length: 1000 }, () => traceparentFor(scope));
    for (const span of spans) expect(span).toMatch(/^00-(ab){16}-[0-9a-f]{16}-01$/);
    expect(new Set(spans).size).toBe(spans.length);
    expect(traceparentFor({ ...scope, sampled: false })).toMatch(/-00$/);
  });
});

describe('hostnameOf', () => {
  it('is the host of a shop origin without its port', () => {
    expect(hostnameOf('http://localhost:3000')).toBe('localhost');
    expect(hostnameOf('https://harbour.localhost')).toBe('harbour.localhost');
    expect(hostnameOf('http://127.0.0.1:8080')).toBe('127.0.0.1');
  });
});
