import { renderToString } from 'react-dom/server';
import type { AppLoadContext, EntryContext, HandleErrorFunction } from 'react-router';
import { isRouteErrorResponse, ServerRouter } from 'react-router';
import type { ReactElement } from 'react';
import type { Personal } from '../shared/contracts/personal';
import { NonceContext, ReportingDsnContext } from './document-head.server';
import { CidContext } from './lib/cid-context';
import {
  fillTemplate,
  renderTemplate,
  type DocumentTemplate,
  type Ids,
} from './lib/document-template.server';
import {
  PersonalContext,
  readPersonal,
  visitorAttribute,
  withVisitor,
} from './lib/personal.server';
import { readHandoff, renderedPage } from './lib/react-router-adapter';

// Every document is rendered in one go with renderToString (cheaper than React's streaming
// renderer, ADR 0151), once React Router's handoff of the loaders' data is read whole: no loader
// defers data, so no page streams (ADR 0212). React Router still rejects data pending this long.
export const streamTimeout = 5_000;

export default async function handleRequest(
  request: Request,
  status: number,
  headers: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method === 'HEAD') return new Response(null, { status, headers });
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

  const visitor = loadContext.visitor();
  const personal = loadContext.personal ?? {
    hasSession: visitor.hasSession,
    account: visitor.account,
    cart: null,
  };
  await readHandoff(routerContext);
  const channel = loadContext.render;
  const template =
    channel?.wantsTemplate && status === 200
      ? asTemplate(app, routerContext, loadContext, personal)
      : null;
  const html =
    template?.html ??
    withVisitor(
      `<!DOCTYPE html>${renderToString(
        <PersonalContext.Provider value={personal}>{app}</PersonalContext.Provider>,
      )}`,
      visitorAttribute(personal),
    );
  headers.set('Content-Type', 'text/html; charset=utf-8');
  // The gateway takes the document itself: no web stream to encode and read back (ADR 0200).
  if (channel) {
    channel.document(html, template?.template);
    return new Response(null, { status, headers });
  }
  headers.set('Content-Length', String(Buffer.byteLength(html)));
  // Without the gateway (React Router's own server): a template's bytes as a body of their own.
  return new Response(typeof html === 'string' ? html : new Uint8Array(html), { status, headers });
}

// The pages rendered as templates (ADR 0203): public screens whose loaders read only public
// data. A page that read the visitor outside a hole once is rendered whole from then on.
const TEMPLATE_PAGES = new Set([
  'home',
  'search',
  'search-results',
  'search-product',
  'product',
  'brands',
  'content-page',
  'policy',
]);
const personalPages = new Set<string>();

/**
 * A page that shows the visitor only in its holes is rendered as a template (ADR 0203): the
 * gateway may keep it and fill it for later requests; this response is filled from it too.
 */
function asTemplate(
  app: ReactElement,
  context: EntryContext,
  loadContext: AppLoadContext,
  personal: Personal,
): { template: DocumentTemplate; html: Buffer } | null {
  const { leaf, rootData, location } = renderedPage(context);
  if (!TEMPLATE_PAGES.has(leaf) || personalPages.has(leaf)) return null;
  const ids: Ids = { nonce: loadContext.nonce, cid: loadContext.cid };
  const template = renderTemplate(app, ids, { rootData, location });
  if (!template) {
    personalPages.add(leaf);
    return null;
  }
  return { template, html: fillTemplate(template, personal, ids) };
}

/**
 * A kept template as this request's document (the gateway's template hit, ADR 0203), with what
 * the response puts first in <body> (`lead`: the consent banner) written in with the rest.
 */
export async function fillDocument(
  template: DocumentTemplate,
  loadContext: AppLoadContext,
  lead?: string,
) {
  const personal = await readPersonal(loadContext);
  return fillTemplate(template, personal, { nonce: loadContext.nonce, cid: loadContext.cid, lead });
}

// Errors of loaders and actions go to the gateway's log with the CID; expected answers (404s,
// redirects) and requests the client abandoned are not errors.
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted || isRouteErrorResponse(error)) return;
  (context as AppLoadContext).reportError(error);
};
