import { data, redirect } from 'react-router';
import {
  isBlinkCid,
  serverSideReport,
  storeBlinkReport,
  submittedReport,
} from '../components/diagnostics/blink-report.server';
import { takeBlinkReportSlot } from '../components/diagnostics/test-limit.server';
import { guardRoute } from '../lib/route-guard.server';
import type { Route } from './+types/blink-test';
import '../styles/diagnostics.css';
import { page } from '../lib/island';
import { privateMeta } from '../lib/seo';

// /blink-test (issue #7 item 5, docs/decisions/0173): "does the shop work in this browser?" The
// page runs the browser checks as soon as it has hydrated and posts them under the page's CID;
// without JavaScript it shows what the server saw and sends that, on request. The loader calls
// nothing upstream (the page must stay cheap: a bot or a stuck shopper may reload it often).
export function loader(args: Route.LoaderArgs) {
  guardRoute('blink-test', args);
  return {
    hasSession: args.context.hasSession,
    serverReport: serverSideReport(args.request),
  };
}

export async function action(args: Route.ActionArgs) {
  guardRoute('blink-test', args);
  const form = await args.request.formData();
  const cid = form.get('cid');
  if (!isBlinkCid(cid)) return data({ message: 'This report has no valid CID.' }, 400);
  const report = submittedReport(form, args.request);
  if (!report) return data({ message: 'This report is not readable.' }, 400);
  if (!takeBlinkReportSlot())
    return data({ message: 'Too many reports just now; wait a minute.' }, 429);
  await storeBlinkReport(args.context.platform, cid, report);
  return redirect(`/blink-test/result?cid=${cid}`);
}

export const meta: Route.MetaFunction = privateMeta('Blink test');

const pageCode = () => import('../pages/blink-test');
export default page(pageCode, import.meta.env.SSR ? await pageCode() : null);

export { RouteErrorBoundary as ErrorBoundary } from '../components/error-screens';
