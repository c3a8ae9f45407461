import { data } from 'react-router';
import { isBlinkCid, readBlinkReport } from '../components/diagnostics/blink-report.server';
import { guardRoute } from '../lib/route-guard.server';
import type { Route } from './+types/blink-test-result';
import '../styles/diagnostics.css';
import { page } from '../lib/island';
import { privateMeta } from '../lib/seo';

// /blink-test/result?cid=… (issue #7 item 5, docs/decisions/0173): the report a browser saved
// under its page's CID, for the shopper and for support opening the code a shopper quotes.
// Without a CID: a form asking for one (and no platform call).
export async function loader(args: Route.LoaderArgs) {
  await guardRoute('blink-test-result', args);
  const cid = new URL(args.request.url).searchParams.get('cid')?.trim() ?? '';
  if (cid === '') return { cid, stored: null, problem: null };
  if (!isBlinkCid(cid))
    return data({ cid, stored: null, problem: 'A code is 32 letters and digits.' }, 400);
  const stored = await readBlinkReport(args.context.platform, cid);
  if (!stored) return data({ cid, stored, problem: 'No report has this code.' }, 404);
  return { cid, stored, problem: null };
}

export const meta: Route.MetaFunction = privateMeta('Blink test result');

// One shopper's report, for them and for support: no cache keeps it (ADR 0246).
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'private, no-store' });

const pageCode = () => import('../pages/blink-test-result');
const Page = page(pageCode, import.meta.env.SSR ? await pageCode() : null);
export { Page as default }; // not wrapped by React Router: page() reads the route's props

export { RouteErrorBoundary as ErrorBoundary } from '../components/error-screens';
