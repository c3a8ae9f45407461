import { useRouteLoaderData } from 'react-router';
import type { Personal } from '../../shared/contracts/personal';

// What a page shows of its visitor: the session, the account and the cart (ADR 0203). A document
// carries it outside React Router's handoff, as JSON in the body's data-visitor attribute, so that
// the rest of the document is the same for every visitor and can be rendered once (the gateway's
// document templates); data requests carry it in the root's data. entry.server adds the attribute
// to the rendered document; no component renders it, so React leaves it alone in the browser.
// The server's side, with the template render's check, is in ./personal.server.tsx.
export type { Personal };

let parsed: Personal | undefined;
const documentVisitor = (): Personal => (parsed ??= JSON.parse(document.body.dataset.visitor!));

// On the server, the render's visitor (a hook; the server calls it on every render).
const serverVisitor = import.meta.env.SSR
  ? (await import('./personal.server')).useServerVisitor
  : null;

/** The browser's visitor: from the root route's data (a data request's), else the document's. */
export function visitorOf(rootData: unknown): Personal {
  return (rootData as { personal?: Personal } | undefined)?.personal ?? documentVisitor();
}

export function usePersonal(): Personal {
  const rootData = useRouteLoaderData('root');
  return serverVisitor
    ? serverVisitor((rootData as { personal?: Personal } | undefined)?.personal)
    : visitorOf(rootData);
}
