import type { IncomingMessage } from 'node:http';
import { Transform } from 'node:stream';
import { ClientBodyError } from '../errors/client-body';
import { UNDECODABLE_BODY } from './decoded-body';

// Proxied bodies are streamed, never parsed or buffered; this caps them at the gateway's body limit
// (security checklist: 1 MiB, 413). A declared Content-Length over the limit is refused before the
// upstream is called; a chunked body is cut when it crosses the limit, which aborts the upstream call.
export class BodyTooLargeError extends ClientBodyError {
  readonly code = 'GW_BODY_TOO_LARGE';
}

export function declaredTooLarge(request: IncomingMessage, limit: number): boolean {
  const declared = Number(request.headers['content-length'] ?? 0);
  return Number.isFinite(declared) && declared > limit;
}

export function limitedBody(payload: IncomingMessage, limit: number): Transform {
  let seen = 0;
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      seen += chunk.length;
      if (seen > limit) return callback(new BodyTooLargeError(`Request body over ${limit} bytes`));
      callback(null, chunk);
    },
  });
  // pipe (not pipeline): cutting the body must not destroy the client's socket, or the 413 could not
  // be sent; the rest of the upload is drained instead.
  payload.pipe(counter);
  counter.once('error', () => {
    payload.unpipe(counter);
    payload.resume();
  });
  payload.once('close', () => {
    if (payload.readableEnded) return;
    // A body the gateway decodes that does not decode (./decoded-body.ts): that error, a 400.
    const undecodable = (payload.errored as { code?: unknown } | null)?.code === UNDECODABLE_BODY;
    counter.destroy(
      undecodable
        ? new ClientBodyError('the request body does not decode', { cause: payload.errored })
        : new ClientBodyError('client closed the request body'),
    );
  });
  return counter;
}
