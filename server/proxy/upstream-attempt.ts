import type { IncomingHttpHeaders, ServerResponse } from 'node:http';
import { errors, type Dispatcher } from 'undici';
import { MAX_ERROR_BODY } from './error-body';
import { isUpstreamFault } from './failures';

/** The breaker's view of one attempt: how it went, told once (status, or a fault). */
export type Verdict = (outcome: number | Error) => void;

/** What an attempt needs of the exchange it serves (./engine.ts). */
export type AttemptOwner = {
  readonly response: ServerResponse;
  readonly visitorLeft: boolean;
  /** The answer's head; true: it is the visitor's answer, its body follows. */
  head(statusCode: number, headers: IncomingHttpHeaders): boolean;
  /** An answer >= 400 arrived (its body capped). */
  refused(statusCode: number, headers: IncomingHttpHeaders, body: Buffer): void;
  /** No answer. */
  failed(error: Error): void;
};

type Controller = Dispatcher.DispatchController;

/**
 * One upstream call, as undici's dispatch handler (its current API: onRequestStart,
 * onResponseStart, onResponseData, onResponseEnd, onResponseError). An answer below 400 is
 * written to the visitor as it arrives, pausing the upstream while the visitor's side is full;
 * any other answer's body is kept (its first 64 KiB) for the exchange to decide on.
 */
export class UpstreamAttempt implements Dispatcher.DispatchHandler {
  private controller: Controller | null = null;
  /** 'stream': the visitor's answer; 'keep': an answer >= 400 kept for the exchange. */
  private mode: 'waiting' | 'stream' | 'keep' | 'done' = 'waiting';
  private statusCode = 0;
  private headers: IncomingHttpHeaders = {};
  private kept: Buffer[] = [];
  private keptBytes = 0;
  private draining = false;

  constructor(
    private readonly exchange: AttemptOwner,
    private readonly verdict: Verdict,
  ) {}

  abort(): void {
    this.controller?.abort(new errors.RequestAbortedError());
  }

  onRequestStart(controller: Controller): void {
    this.controller = controller;
    if (this.exchange.visitorLeft) controller.abort(new errors.RequestAbortedError());
  }

  onResponseStart(controller: Controller, statusCode: number, headers: IncomingHttpHeaders): void {
    if (statusCode < 200 || this.mode !== 'waiting') return; // 1xx: informational only
    this.verdict(statusCode);
    this.statusCode = statusCode;
    this.headers = headers;
    this.mode = this.exchange.head(statusCode, headers) ? 'stream' : 'keep';
    if (this.mode === 'stream' && this.exchange.response.writableNeedDrain) this.pause(controller);
  }

  onResponseData(controller: Controller, chunk: Buffer): void {
    if (this.mode === 'stream') {
      if (!this.exchange.response.write(chunk)) this.pause(controller);
    } else if (this.mode === 'keep' && this.keptBytes < MAX_ERROR_BODY) {
      this.kept.push(chunk);
      this.keptBytes += chunk.length;
    }
  }

  /** The visitor's side is full: the upstream waits until it drained (one listener at a time). */
  private pause(controller: Controller): void {
    controller.pause();
    if (this.draining) return;
    this.draining = true;
    this.exchange.response.once('drain', () => {
      this.draining = false;
      controller.resume();
    });
  }

  onResponseEnd(): void {
    const mode = this.mode;
    this.mode = 'done';
    if (mode === 'stream') return void this.exchange.response.end();
    if (mode === 'keep')
      this.exchange.refused(this.statusCode, this.headers, Buffer.concat(this.kept));
  }

  onResponseError(_controller: Controller | null, error: Error): void {
    const mode = this.mode;
    this.mode = 'done';
    // Once the answer has started, all that can be done is to cut it.
    if (mode === 'stream') return void this.exchange.response.destroy(error);
    if (mode === 'keep')
      return this.exchange.refused(this.statusCode, this.headers, Buffer.concat(this.kept));
    if (mode === 'done') return;
    this.verdict(isUpstreamFault(error) && !this.exchange.visitorLeft ? error : 0);
    this.exchange.failed(error);
  }
}
