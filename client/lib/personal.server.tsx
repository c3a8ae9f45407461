import { createContext, useContext } from 'react';
import type { AppLoadContext } from 'react-router';
import { GUEST, type Personal } from '../../shared/contracts/personal';
import { readServerCart } from '../cart/server-cart.server';

// The server's side of ./personal.tsx (ADR 0203).

/**
 * The visitor of this request: the session, the account and, with a session, the cart read with
 * the visitor's token. The root loader and the gateway's template fill both use it.
 */
export async function readPersonal(context: AppLoadContext): Promise<Personal> {
  const { hasSession, account } = context.visitor();
  const tenantId = context.publicContext?.tenant.id;
  const cart =
    hasSession && tenantId ? await readServerCart(context.personalPlatform, tenantId) : null;
  return { hasSession, account, cart };
}

/** A template render's stand-in for the visitor: told when a component reads it (a taint). */
export type TemplateVisitor = { taint(): void };

/** The visitor of a render: entry.server's, or a template render's stand-in. */
export const PersonalContext = createContext<Personal | TemplateVisitor | null>(null);

/** The visitor a server render shows: the root's data (a data request), or the render's. */
export function useServerVisitor(fromData?: Personal): Personal {
  const visitor = useContext(PersonalContext);
  if (fromData) return fromData;
  if (visitor && 'taint' in visitor) {
    visitor.taint();
    return GUEST;
  }
  return visitor ?? GUEST;
}

/**
 * What a template's body has for its data-visitor attribute, filled per request: a random marker
 * made for each template render, like the nonce, so no text a visitor sends (a search term, a
 * path) can be taken for it and filled with their visitor JSON.
 */
export function visitorSlot(): string {
  return `visitor-slot-${crypto.randomUUID()}`;
}

// What React's attribute escaping replaces, and with what.
const ESCAPES: Record<string, string> = {
  '"': '&quot;',
  '&': '&amp;',
  "'": '&#x27;',
  '<': '&lt;',
  '>': '&gt;',
};

/** The visitor as the body's data-visitor attribute value: JSON, escaped for an attribute. */
export function visitorAttribute(personal: Personal): string {
  return JSON.stringify(personal).replace(/["&'<>]/g, (c) => ESCAPES[c]!);
}

/** The rendered document with the visitor on its <body> (the layout's body has no attributes). */
export function withVisitor(html: string, attribute: string): string {
  const at = html.indexOf('<body') + '<body'.length;
  return `${html.slice(0, at)} data-visitor="${attribute}"${html.slice(at)}`;
}
