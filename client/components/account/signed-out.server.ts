import type { AppLoadContext } from 'react-router';
import { href } from '../../../shared/href';

// "Sign out" sends the page home, where nothing said it had worked but the "Sign in" link. It
// lands on an address that asks for a notice (PRG's ?done=, as a profile screen's), with and
// without JavaScript: the menu's form posts natively either way (ADR 0209). docs/decisions/0383.
export const SIGNED_OUT_HOME = href('home', {}, { done: 'signed-out' });

/**
 * Whether the home page says "You are signed out.": its address asks, and the visitor is. That
 * page's "Sign in" comes back to the same address, signed in. Reading the visitor keeps this
 * address out of the document templates (ADR 0203); home without it is not read.
 */
export async function saysSignedOut(context: AppLoadContext, request: Request): Promise<boolean> {
  if (new URL(request.url).searchParams.get('done') !== 'signed-out') return false;
  await context.visitorReady;
  return !context.isLoggedIn;
}
