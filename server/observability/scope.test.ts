import { describe, expect, it } from 'vitest';
import { hostnameOf } from './request-scope';
import { traceIdFrom, traceparentFor } from './scope';

describe('trace ids', () => {
  it('keeps a valid traceparent trace id and makes fresh, distinct ones otherwise', () => {
    const sent = `00-${'ab'.repeat(16)}-${'cd'.repeat(8)}-01`;
    expect(traceIdFrom(sent)).toBe('ab'.repeat(16));
    // Across several refills of the random block: all well formed, none repeated.
    const ids = Array.from({ length: 1000 }, () => traceIdFrom(undefined));
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set(ids).size).toBe(ids.length);
    expect(traceIdFrom(`00-${'0'.repeat(32)}-${'cd'.repeat(8)}-01`)).not.toBe('0'.repeat(32));
    const spans = Array.from({ length: 1000 }, () => traceparentFor('ab'.repeat(16)));
    for (const span of spans) expect(span).toMatch(/^00-(ab){16}-[0-9a-f]{16}-01$/);
    expect(new Set(spans).size).toBe(spans.length);
  });
});

describe('hostnameOf', () => {
  it('is the host of a shop origin without its port', () => {
    expect(hostnameOf('http://localhost:3000')).toBe('localhost');
    expect(hostnameOf('https://harbour.localhost')).toBe('harbour.localhost');
    expect(hostnameOf('http://127.0.0.1:8080')).toBe('127.0.0.1');
  });
});
