import { AsyncLocalStorage } from 'node:async_hooks';
import type { Dispatcher } from 'undici';

// @fastify/reply-from does not abort the upstream call when the client goes away before the answer
// (it only checks afterwards). Its `undici` option accepts any object with `request`, so this
// wrapper adds the abort signal of the current proxied request, carried by AsyncLocalStorage
// through reply-from's synchronous call and its retry timers (docs/decisions/0026).
const currentSignal = new AsyncLocalStorage<AbortSignal>();

export function abortableDispatcher(dispatcher: Dispatcher): { request: Dispatcher['request'] } {
  return {
    request: ((options: Dispatcher.RequestOptions, callback?: unknown) => {
      const signal = currentSignal.getStore();
      const withSignal = signal ? { ...options, signal } : options;
      return (dispatcher.request as (o: Dispatcher.RequestOptions, cb?: unknown) => unknown)(
        withSignal,
        callback,
      );
    }) as Dispatcher['request'],
  };
}

export function withAbortSignal<T>(signal: AbortSignal, run: () => T): T {
  return currentSignal.run(signal, run);
}
