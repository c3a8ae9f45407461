import { z } from 'zod';
import { isCid } from '../../shared/cid';

// What the browser may send to POST /analytics/events (ADR 0266): GA4's recommended commerce
// events with GA4's parameter names, bounded in size, nothing else (unknown keys are refused, so no
// personal field can slip in). The gateway adds the page's CID and the shop's tenant.
export const EVENT_NAMES = [
  'page_view',
  'view_item',
  'view_item_list',
  'search',
  'add_to_cart',
  'remove_from_cart',
  'begin_checkout',
  'purchase',
] as const;
export const MAX_BODY = 16 * 1024;

const text = (max: number) => z.string().min(1).max(max);
const Item = z.strictObject({
  item_id: text(100),
  item_name: text(200).optional(),
  item_brand: text(100).optional(),
  item_category: text(100).optional(),
  price: z.number().min(0).max(1_000_000).optional(),
  quantity: z.number().int().min(0).max(9_999).optional(),
  index: z.number().int().min(0).max(1_000).optional(),
});
const Params = z.strictObject({
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, 'currency is an ISO 4217 code')
    .optional(),
  value: z.number().min(0).max(10_000_000).optional(),
  items: z.array(Item).max(50).optional(),
  search_term: text(200).optional(),
  transaction_id: text(100).optional(),
  item_list_id: text(100).optional(),
  item_list_name: text(200).optional(),
  page_location: text(1000).optional(),
  page_title: text(300).optional(),
});
const Event = z.strictObject({ name: z.enum(EVENT_NAMES), params: Params.default({}) });
export const EventBatch = z.strictObject({
  cid: z.string().max(64).optional(),
  events: z.array(Event).min(1).max(20),
});
export type EventBatch = z.infer<typeof EventBatch>;

export type ParsedBatch = { ok: true; batch: EventBatch } | { ok: false; message: string };

/** The body (JSON, as a string: sendBeacon sends text/plain) checked; the first problem named. */
export function parseBatch(raw: string): ParsedBatch {
  let value: unknown;
  try {
    value = JSON.parse(raw);
  } catch {
    return { ok: false, message: 'The body is not JSON' };
  }
  const parsed = EventBatch.safeParse(value);
  if (parsed.success) return { ok: true, batch: parsed.data };
  const issue = parsed.error.issues[0]!;
  const where = issue.path.join('.');
  return { ok: false, message: where ? `${where}: ${issue.message}` : issue.message };
}

// Path segments that are secrets (an activation or reset key), as the route table names them.
const SECRET_PATHS = /^(\/profile\/(?:activation|reset)\/)[^/?#]+/;

/** The page's path and query without a secret in it, and without a fragment. */
export function safeLocation(location: string | undefined): string | undefined {
  if (!location) return undefined;
  let path = location;
  try {
    const url = new URL(location, 'http://shop.invalid');
    path = `${url.pathname}${url.search}`;
  } catch {
    return undefined;
  }
  return path.replace(SECRET_PATHS, '$1:key').slice(0, 1000);
}

export type ForwardedEvent = {
  name: string;
  cid: string;
  tenant: string | null;
  page: string | null;
  params: Record<string, unknown>;
};

/**
 * The events as the sink receives them: each with the page's CID (the body's, else the
 * X-Page-CID header, else this request's own) and the shop's tenant; the location reduced.
 */
export function joinEvents(
  batch: EventBatch,
  join: { headerCid: unknown; requestCid: string; tenant: string | undefined },
): ForwardedEvent[] {
  const cid = isCid(batch.cid)
    ? batch.cid
    : isCid(join.headerCid)
      ? join.headerCid
      : join.requestCid;
  return batch.events.map(({ name, params }) => {
    const page = safeLocation(params.page_location) ?? null;
    return {
      name,
      cid,
      tenant: join.tenant || null,
      page,
      params: { ...params, ...(page ? { page_location: page } : {}) },
    };
  });
}
