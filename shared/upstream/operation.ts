import type { z } from 'zod';
import type { RouteId } from '../routes';

// One operation of the upstream contract (docs/api/upstream.openapi.json, docs/decisions/0231):
// what the gateway or the pages send to a platform service and what they read from the answer,
// with the zod schemas of shared/contracts/. The document, the platform coverage test and the
// conformance kit are made from these declarations.

/** The services behind the gateway, by the name in `/api/services/{name}/` (and `cms-api`). */
export type ServiceName =
  | 'cms-api'
  | 'uaa'
  | 'booking-ms'
  | 'catalogue'
  | 'orders'
  | 'shopping-lists'
  | 'smart-carts'
  | 'profile'
  | 'diagnostics';

/**
 * A screen of the route table, or a part of every page: `every-page` (the document itself),
 * `header` (the signed-in state in the page header), `cart` (the cart on every page), `sign-in`
 * (the gateway's /auth/* and the sign-in form), `sitemap` (/sitemap.xml).
 */
export type Screen = RouteId | 'every-page' | 'header' | 'cart' | 'sign-in' | 'sitemap';

export type UpstreamOperation = {
  /** The OpenAPI operationId. */
  id: string;
  service: ServiceName;
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** The OpenAPI path: `/api/services/orders/api/v1/orders/{id}`. */
  path: string;
  summary: string;
  /** What the upstream must do beyond the schemas (CommonMark), when there is more to say. */
  description?: string;
  /**
   * Who sends it: the gateway itself (sessions, the page context), a page's loader or action
   * (server side, through the page's platform client), or the browser through the gateway's proxy.
   */
  callers: readonly ('gateway' | 'page' | 'browser')[];
  /** The token it needs: a signed-in shopper's, anyone's (guest too), optional, or none. */
  auth: 'account' | 'principal' | 'optional' | 'none';
  params?: z.ZodObject;
  query?: z.ZodObject;
  body?: z.ZodType;
  /** Success answers by status (null: no body is read), as the gateway and the pages parse them. */
  answers: Record<number, z.ZodType | null>;
  /** A body the answer carries as a JSON string (the context call, specification section 7). */
  jsonString?: boolean;
  /** 4xx answers the callers act on (besides 400 and 401, which every operation may answer). */
  errors?: readonly number[];
  /** Screens that fail (an error page or a refused action) when this operation fails. */
  requiredFor: readonly Screen[];
  /** Screens that leave a section out (or a feature off) when this operation fails. */
  optionalFor?: readonly Screen[];
  /** Extra request headers it takes (beyond the product headers and Authorization). */
  headers?: readonly { name: string; description: string }[];
  /** The operation is one of the specification's section 7 calls (its number). */
  specCall?: number;
};
