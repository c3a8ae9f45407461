import { redirect } from 'react-router';
import { bookingPaths } from '../../shared/contracts/booking-paths';
import { codeOfStatus } from '../../shared/error-codes';
import { safeReturnPath } from '../../shared/safe-redirect';
import { CartIntent, describeIssues } from '../cart/cart-intent';
import { loaderMeta, pageMeta, withMeta } from '../lib/seo';
import type { Route } from './+types/cart-action';
import { page } from '../lib/island';

// POST /cart: the cart form without JavaScript. The visitor gets a guest session if need be (the
// gateway sets its cookies), the change goes to booking-ms server-side, and the shopper returns to
// the page they came from (same-origin paths only). docs/decisions/0081.
// Refusals are in the gateway's JSON error shape with the page's CID (found by the fuzz suite).
// Each refusal's code is its status's, as everywhere in the gateway (shared/error-codes.ts).
const refuse = (cid: string, message: string, status: number) =>
  Response.json({ error: { code: codeOfStatus(status), message, cid } }, { status });

// The action's own headers (Retry-After of a 429) are the answer's.
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export async function action({ request, context }: Route.ActionArgs) {
  const text = (message: string, status: number) => refuse(context.cid, message, status);
  // A cross-site form must not change a cart: a browser's Origin, when sent, is the shop's own.
  const origin = request.headers.get('origin');
  if (origin !== null && origin !== new URL(request.url).origin)
    return text('Cross-origin form refused.', 403);
  const tenantId = context.publicContext?.tenant.id;
  if (!tenantId) return text('The shop is unavailable right now. Please try again.', 503);

  const form = CartIntent.safeParse(Object.fromEntries(await request.formData()));
  if (!form.success) return text(`Invalid cart form: ${describeIssues(form.error)}`, 400);
  const change = form.data;

  const session = await context.ensureSession();
  if (!session.ok && session.retryAfter !== null)
    return Response.json(
      {
        error: {
          code: 'rate_limited',
          message: `Too many new sessions from your address; try again in ${session.retryAfter} s`,
          cid: context.cid,
        },
      },
      { status: 429, headers: { 'retry-after': String(session.retryAfter) } },
    );
  if (!session.ok) return text('Could not start a session for your cart. Please try again.', 503);
  const result =
    change.intent === 'set'
      ? await context.platform.call({
          method: 'PUT',
          path: bookingPaths.item(tenantId),
          body: { offeringId: change.offeringId, byCase: change.byCase, quantity: change.quantity },
        })
      : await context.platform.call({
          method: 'DELETE',
          path: `${bookingPaths.item(tenantId)}?${new URLSearchParams({ bookingItemUid: change.itemUid })}`,
        });
  if (!result.ok) {
    const message = (result.body as { error?: { message?: string } } | null)?.error?.message;
    context.reportError(
      new Error(`cart form: booking-ms answered ${result.status}${message ? `: ${message}` : ''}`),
    );
    return result.status < 500
      ? text(`Your cart was not changed: ${message ?? 'the request was refused'}.`, result.status)
      : text('Your cart could not be changed right now. Please try again.', 502);
  }
  return redirect(safeReturnPath(change.returnTo));
}

// GET /cart: the cart as a page (the root loader read it), for shoppers without JavaScript.
// Only its meta, computed on the server like every page's (withMeta).
export function loader({ context }: Route.LoaderArgs) {
  return withMeta(context, {}, (_, matches) =>
    pageMeta(matches, {
      title: 'Your cart',
      description: 'The products in your cart.',
      path: '/cart',
      extra: [{ name: 'robots', content: 'noindex' }],
    }),
  );
}

export const meta: Route.MetaFunction = loaderMeta;

const pageCode = () => import('../pages/cart-action');
const Page = page(pageCode, import.meta.env.SSR ? await pageCode() : null);
export { Page as default }; // not wrapped by React Router: page() reads the route's props
