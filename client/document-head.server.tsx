import { createContext, useContext } from 'react';
import { useCid } from './lib/cid-context';
// A file beside the assets (cached for a year), not a data: URL in the document. ADR 0209.
import FAVICON from './favicon.svg?no-inline';

/** The browser's public error-reporting DSN (null: off), which the gateway configures. */
export const ReportingDsnContext = createContext<string | null>(null);
/**
 * The CSP nonce of the page's scripts (ADR 0005), for the layout's <Scripts> and
 * <ScrollRestoration>. The server's alone: the browser never had one to give them.
 */
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);

/**
 * What every document's <head> starts with: the charset and viewport, the page's CID and the
 * browser's error-reporting DSN (read back from here by the browser runtime), the favicon. Only
 * the server renders it (the layout, ./shell.tsx): React's hydration leaves the tags in <head>
 * that the browser does not render, as it leaves the gateway's early head (ADR 0271), and none of
 * these changes after the document loaded. So their code is not on the browser's first load
 * (ADR 0302).
 */
export function DocumentHead() {
  const cid = useCid();
  const reportingDsn = useContext(ReportingDsnContext);
  return (
    <>
      <meta charSet="utf-8" />
      <meta name="viewport" content="width=device-width, initial-scale=1" />
      <meta name="correlation-id" content={cid} />
      {reportingDsn && <meta name="error-reporting" content={reportingDsn} />}
      <link rel="icon" href={FAVICON} />
    </>
  );
}
