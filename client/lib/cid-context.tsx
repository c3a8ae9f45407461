import { createContext, useContext } from 'react';

// The page's correlation id, available to every component (error screens show it; API calls from
// the browser send it). The server renders it into <meta name="correlation-id"> and provides it to
// each render (entry.server); in the browser the context's default is the one read back from there
// when the app chunk runs (the document has been parsed by then: module scripts run after it), so
// both sides render the same value, and hydration needs no provider.
export const CidContext = createContext<string>(import.meta.env.SSR ? '' : readCidFromDocument());

export const useCid = () => useContext(CidContext);

export function readCidFromDocument(): string {
  return document.querySelector('meta[name="correlation-id"]')?.getAttribute('content') ?? '';
}

/**
 * The browser's public error-reporting DSN (null: off), as the server rendered it into
 * <meta name="error-reporting"> (../document-head.server.tsx).
 */
export function readReportingDsnFromDocument(): string | null {
  return document.querySelector('meta[name="error-reporting"]')?.getAttribute('content') || null;
}
