import { PassThrough } from 'node:stream';
import { Dispatcher } from 'undici';
import { describe, expect, it } from 'vitest';
import { guardDispatcher, type GuardedDispatchOptions } from './guarded-dispatcher';

// The deadline of a call whose streamed body is still on its way (docs/decisions/0347): what the
// upstream has not received it cannot answer, so the wait for the sender is not the upstream's;
// a body the upstream does not take, and the whole exchange's bound, still cut the call.

/** A pool connection that takes the call, reads nothing, and never answers; abort fails it. */
class Connected extends Dispatcher {
  override dispatch(_opts: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler) {
    const controller: Dispatcher.DispatchController = {
      aborted: false,
      paused: false,
      reason: null,
      abort: (reason) => handler.onResponseError?.(controller, reason),
      pause() {},
      resume() {},
    };
    handler.onRequestStart?.(controller, {});
    return true;
  }
  override async close(): Promise<void> {}
  override async destroy(): Promise<void> {}
}

/** Dispatches a call through the guard: resolves with its failure's code and when it came. */
function failureOf(
  options: Partial<GuardedDispatchOptions>,
): Promise<{ code: string; atMs: number }> {
  const started = performance.now();
  return new Promise((resolve) => {
    guardDispatcher(new Connected(), 60_000).dispatch(
      { origin: 'http://upstream', path: '/x', method: 'POST', ...options },
      {
        onRequestStart() {},
        onResponseStart() {},
        onResponseData() {},
        onResponseEnd() {},
        onResponseError: (_controller, error) =>
          resolve({
            code: String((error as { code?: unknown }).code),
            atMs: performance.now() - started,
          }),
      },
    );
  });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("a call's deadline while its body streams", () => {
  it("waits for the sender, and runs from the body's last byte once it has all gone", async () => {
    const body = new PassThrough();
    body.resume(); // the upstream takes every byte as it comes
    const failed = failureOf({ body, headersTimeout: 100 });
    body.write('{');
    await pause(400);
    body.end('}');
    const { code, atMs } = await failed;
    expect(code).toBe('GW_UPSTREAM_TIMEOUT');
    expect(atMs).toBeGreaterThanOrEqual(490); // 400 + 100, within the 50 ms sweep
  });

  it("is the upstream's when the upstream has not taken what arrived", async () => {
    const body = new PassThrough();
    const failed = failureOf({ body, headersTimeout: 100 });
    body.write('{"not":"read"}'); // nobody reads it: it waits for the upstream
    const { code, atMs } = await failed;
    expect(code).toBe('GW_UPSTREAM_TIMEOUT');
    expect(atMs).toBeLessThan(300);
  });

  it('still ends at the exchange timeout while the sender is slow', async () => {
    const body = new PassThrough();
    body.resume();
    const failed = failureOf({ body, headersTimeout: 100, exchangeTimeout: 250 });
    const { code, atMs } = await failed;
    expect(code).toBe('GW_UPSTREAM_TIMEOUT');
    expect(atMs).toBeGreaterThanOrEqual(240);
    expect(atMs).toBeLessThan(400);
    body.destroy();
  });

  it('is the deadline of a body given whole, as before', async () => {
    const { code, atMs } = await failureOf({ body: '{}', headersTimeout: 100 });
    expect(code).toBe('GW_UPSTREAM_TIMEOUT');
    expect(atMs).toBeLessThan(300);
  });
});
