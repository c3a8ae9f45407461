import { data, type AppLoadContext } from 'react-router';
import type { ToCartResult } from '../../../shared/contracts/lists';
import { askPlatform, nothingThere } from '../../lib/platform-answer.server';

// Putting a list or a smart cart into the cart from a page action (the form without JavaScript,
// issue #29): the platform adds what it can and names what it cannot; the page redirected to says
// both (FillNotice reads them back from its URL) and tells the cart widget to reload.
const MAX_NAMED = 20;

/**
 * The query that reports a fill: `filled=<count>`, `units=<their quantities>` (if the platform
 * said), per item not added its offering as `full=` (no room for another line in the cart) or
 * `missing=` (not sold today, or no longer), and per item whose line could not take all of its
 * quantity its offering as `capped=`. Offerings, not names: the page names them from the list or
 * smart cart it shows, so a link cannot make the shop say a sentence of its own (ADR 0320).
 */
export function fillQuery(result: ToCartResult): URLSearchParams {
  const query = new URLSearchParams({ filled: String(result.added) });
  if (result.units !== undefined) query.set('units', String(result.units));
  for (const item of result.notAdded.slice(0, MAX_NAMED))
    query.append(item.reason === 'cart_full' ? 'full' : 'missing', item.offeringId);
  for (const item of (result.capped ?? []).slice(0, MAX_NAMED))
    query.append('capped', item.offeringId);
  return query;
}

/**
 * Calls a to-cart endpoint with the posted form's key (`headers`: the same submission sent again
 * adds nothing and is answered as the first, docs/decisions/0328); a refusal is the screen's 4xx
 * with the platform's message.
 */
export async function fillCart(
  context: AppLoadContext,
  path: string,
  body: unknown,
  headers: Record<string, string> | undefined,
): Promise<URLSearchParams> {
  const answer = await askPlatform<ToCartResult>(context.platform, {
    method: 'POST',
    path,
    body,
    headers,
  });
  if (answer.ok) return fillQuery(answer.body);
  if (nothingThere(answer.status)) throw data(null, { status: 404 });
  throw data({ message: answer.message }, { status: answer.status >= 500 ? 502 : 400 });
}
