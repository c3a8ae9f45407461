import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router';
import { isRouteErrorResponse, ServerRouter } from 'react-router';
import { CidContext, NonceContext, ReportingDsnContext } from './lib/cid-context';
import { readHandoffAhead } from './lib/router-handoff.server';

// A page whose data is all there (every loader awaited, nothing deferred) is rendered in one go
// with renderToString (~4x cheaper than React's streaming renderer, ADR 0151). A page that defers
// data is streamed: browsers from the shell on, crawlers (isbot) the complete document.
export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method === 'HEAD') return new Response(null, { status, headers });
  const crawler = isbot(request.headers.get('user-agent') ?? '');
  const { cid, nonce } = loadContext;
  const app = (
    <CidContext.Provider value={cid}>
      <NonceContext.Provider value={nonce}>
        <ReportingDsnContext.Provider value={loadContext.reporting.publicDsn}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </ReportingDsnContext.Provider>
      </NonceContext.Provider>
    </CidContext.Provider>
  );

  if (await readHandoffAhead(routerContext)) {
    const html = `<!DOCTYPE html>${renderToString(app)}`;
    headers.set('Content-Type', 'text/html; charset=utf-8');
    // The gateway takes the string itself: no web stream to encode and read back (ADR 0200).
    if (loadContext.takeDocument) {
      loadContext.takeDocument(html);
      return new Response(null, { status, headers });
    }
    headers.set('Content-Length', String(Buffer.byteLength(html)));
    return new Response(html, { status, headers });
  }

  return new Promise<Response>((resolve, reject) => {
    let shellFailed = false;
    // Abort a render that outlives streamTimeout, or whose client went away; both hooks are
    // released when the document ends, so a finished render is not kept alive by them.
    const timer = setTimeout(() => abort(), streamTimeout + 1000);
    const onClientGone = () => abort();
    request.signal.addEventListener('abort', onClientGone, { once: true });
    const release = () => {
      clearTimeout(timer);
      request.signal.removeEventListener('abort', onClientGone);
    };

    const { pipe, abort } = renderToPipeableStream(app, {
      nonce,
      [crawler || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady']() {
        const body = new PassThrough();
        body.once('close', release);
        body.once('end', release);
        headers.set('Content-Type', 'text/html; charset=utf-8');
        resolve(new Response(createReadableStreamFromReadable(body), { status, headers }));
        pipe(body);
      },
      onShellError(error: unknown) {
        shellFailed = true;
        release();
        reject(error);
      },
      onError(error: unknown) {
        status = 500;
        if (!shellFailed) loadContext.reportError(error);
      },
    });
  });
}

// Errors of loaders and actions go to the gateway's log with the CID; expected answers (404s,
// redirects) and requests the client abandoned are not errors.
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  (context as AppLoadContext).reportError(error);
};
