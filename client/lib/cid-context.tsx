import { createContext, useContext } from 'react';

// The page's correlation id, available to every component (error screens show it; API calls from
// the browser send it). The server renders it into <meta name="correlation-id">; the browser reads
// it back from there before hydrating, so both sides render the same value.
export const CidContext = createContext<string>('');
export const NonceContext = createContext<string | undefined>(undefined);

export const useCid = () => useContext(CidContext);
export const useNonce = () => useContext(NonceContext);

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
