import { describe, expect, it } from 'vitest';
import { flushAtClose, startTracing, tracesUrl, tracingEndpoint, type Tracing } from './tracing';

describe('tracing configuration (the standard OTEL_ variables)', () => {
  it('is off without an endpoint, with OTEL_SDK_DISABLED or OTEL_TRACES_EXPORTER=none', async () => {
    expect(tracingEndpoint({})).toBeUndefined();
    await expect(startTracing('x', {})).resolves.toBeNull();
    const on = { OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318' };
    expect(tracingEndpoint(on)).toBe('http://collector:4318');
    expect(tracingEndpoint({ ...on, OTEL_SDK_DISABLED: 'true' })).toBeUndefined();
    expect(tracingEndpoint({ ...on, OTEL_TRACES_EXPORTER: 'none' })).toBeUndefined();
  });

  it('sends to the traces endpoint as given, or the generic one with /v1/traces', () => {
    expect(tracesUrl({ OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318/' })).toBe(
      'http://collector:4318/v1/traces',
    );
    expect(
      tracesUrl({
        OTEL_EXPORTER_OTLP_ENDPOINT: 'http://collector:4318',
        OTEL_EXPORTER_OTLP_TRACES_ENDPOINT: 'http://traces:9999/in',
      }),
    ).toBe('http://traces:9999/in');
  });
});

describe('the flush as a process closes', () => {
  const flushing = (flush: () => Promise<void>) => ({ flush }) as unknown as Tracing;

  it('says why the spans were not sent instead of rejecting, and waits `ms` at most', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    await expect(flushAtClose(flushing(() => Promise.reject([refused])))).resolves.toBe(
      'ECONNREFUSED',
    );
    const never = flushing(() => new Promise(() => {}));
    await expect(flushAtClose(never, 20)).resolves.toBe('no answer in 20 ms');
    await expect(flushAtClose(flushing(() => Promise.resolve()))).resolves.toBeNull();
  });
});
