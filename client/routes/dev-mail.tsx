import { data } from 'react-router';
import { readDevMailbox } from '../components/dev-mail/dev-mail.server';
import { page } from '../lib/island';
import { privateMeta } from '../lib/seo';
import '../styles/dev-mail.css';
import type { Route } from './+types/dev-mail';

// /dev/mail, the development mailbox (issue #29 item 5, docs/decisions/0273): the shop sends no
// e-mail in development, so a new shopper finishes registration and password reset from here.
// Only with DEV_MAILBOX=on (npm start); otherwise the 404 screen, as any unknown path.
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!context.devMailbox) throw data(null, { status: 404 });
  await context.ready;
  const tenantId = context.publicContext?.tenant.id;
  if (!tenantId) throw data(null, { status: 503 });
  const to = (new URL(request.url).searchParams.get('to') ?? '').trim().slice(0, 320);
  const mailbox = await readDevMailbox(context.platform, tenantId, to);
  if (!mailbox.ok) return data({ to, messages: [], problem: mailbox.problem }, mailbox.status);
  return { to, messages: mailbox.messages, problem: null };
}

// Turned off, it is the 404 screen, titled as one.
const mailboxMeta = privateMeta('Development mailbox');
const notFoundMeta = privateMeta('Page not found');
export const meta: Route.MetaFunction = ({ data }) => (data ? mailboxMeta() : notFoundMeta());

const pageCode = () => import('../pages/dev-mail');
const Page = page(pageCode, import.meta.env.SSR ? await pageCode() : null);
export { Page as default }; // not wrapped by React Router: page() reads the route's props

export { RouteErrorBoundary as ErrorBoundary } from '../components/error-screens';
