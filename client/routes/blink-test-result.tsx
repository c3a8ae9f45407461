import { data, useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { isBlinkCid, readBlinkReport } from '../components/diagnostics/blink-report.server';
import { guardRoute } from '../lib/route-guard.server';
import type { Route } from './+types/blink-test-result';
import '../styles/diagnostics.css';
import { page } from '../lib/island';

// /blink-test/result?cid=… (issue #7 item 5, docs/decisions/0173): the report a browser saved
// under its page's CID, for the shopper and for support opening the code a shopper quotes.
// Without a CID: a form asking for one (and no platform call).
export async function loader(args: Route.LoaderArgs) {
  guardRoute('blink-test-result', args);
  const cid = new URL(args.request.url).searchParams.get('cid')?.trim() ?? '';
  if (cid === '') return { cid, stored: null, problem: null };
  if (!isBlinkCid(cid))
    return data({ cid, stored: null, problem: 'A code is 32 letters and digits.' }, 400);
  const stored = await readBlinkReport(args.context.platform, cid);
  if (!stored) return data({ cid, stored, problem: 'No report has this code.' }, 404);
  return { cid, stored, problem: null };
}

export const meta: Route.MetaFunction = () => [
  { title: 'Blink test result' },
  { name: 'robots', content: 'noindex' },
];

export default page(
  () => import('../pages/blink-test-result'),
  import.meta.env.SSR ? await import('../pages/blink-test-result') : null,
);

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
