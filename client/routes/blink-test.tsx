import { data, redirect } from 'react-router';
import {
  isBlinkCid,
  serverSideReport,
  storeBlinkReport,
  submittedReport,
} from '../components/diagnostics/blink-report.server';
import { guardRoute } from '../lib/route-guard.server';
import type { Route } from './+types/blink-test';
import '../styles/diagnostics.css';
import { page } from '../lib/island';
import { privateMeta } from '../lib/seo';

// /blink-test (issue #7 item 5, docs/decisions/0173): "does the shop work in this browser?" The
// page runs the browser checks as soon as it has hydrated and posts them under the page's CID;
// without JavaScript it shows what the server saw and sends that, on request. The loader calls
// nothing upstream (the page must stay cheap: a bot or a stuck shopper may reload it often).
export async function loader(args: Route.LoaderArgs) {
  await guardRoute('blink-test', args);
  await args.context.visitorReady;
  return {
    hasSession: args.context.hasSession,
    serverReport: serverSideReport(args.request),
    // The code for support is this request's CID, with the proof that this page was given it: a
    // report is stored only under a CID the gateway issued for /blink-test (ADR 0244).
    cid: args.context.cid,
    proof: args.context.pageProof.sign('blink-test', args.context.cid),
  };
}

export async function action(args: Route.ActionArgs) {
  await guardRoute('blink-test', args);
  const form = await args.request.formData();
  const cid = form.get('cid');
  if (!isBlinkCid(cid)) return data({ message: 'This report has no valid CID.' }, 400);
  if (!args.context.pageProof.check('blink-test', cid, form.get('proof')))
    return data(
      {
        message: 'This code was not given to this page by the shop; reload the page and try again.',
      },
      403,
    );
  const report = submittedReport(form, args.request);
  if (!report) return data({ message: 'This report is not readable.' }, 400);
  // A budget per client address (an IPv6 /64 is one), not one per process (ADR 0244).
  const allowed = await args.context.limit('report');
  if (!allowed.ok)
    return data(
      { message: `Too many reports from your address; try again in ${allowed.retryAfter} s.` },
      { status: 429, headers: { 'retry-after': String(allowed.retryAfter) } },
    );
  // The first report under a CID stays: a second one is refused (409), never written over it.
  if ((await storeBlinkReport(args.context.platform, cid, report)) === 'exists')
    return data({ message: 'A report is already saved under this code.' }, 409);
  return redirect(`/blink-test/result?cid=${cid}`);
}

export const meta: Route.MetaFunction = privateMeta('Blink test');

const pageCode = () => import('../pages/blink-test');
const Page = page(pageCode, import.meta.env.SSR ? await pageCode() : null);
export { Page as default }; // not wrapped by React Router: page() reads the route's props

export { RouteErrorBoundary as ErrorBoundary } from '../components/error-screens';
