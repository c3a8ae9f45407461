import { z } from 'zod';
import { Timestamp } from './timestamp';

// A /blink-test report ("does the shop work in this browser?", issue #7 item 5): what the browser
// checked, each with its outcome. Stored by the platform under the page's CID.
export const BlinkCheck = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  label: z.string().max(80),
  status: z.enum(['ok', 'failed', 'not-checked']),
  detail: z.string().max(300),
});
export type BlinkCheck = z.infer<typeof BlinkCheck>;

export const BlinkReport = z.object({
  checks: z.array(BlinkCheck).max(40),
  userAgent: z.string().max(400),
  /** false: the page was sent without running its script (what could not be checked is listed). */
  javascript: z.boolean(),
  clockSkewMs: z.number().finite().nullable(),
  roundTripMs: z.number().finite().min(0).nullable(),
});
export type BlinkReport = z.infer<typeof BlinkReport>;

export const StoredBlinkReport = z.object({
  cid: z.string(),
  createdAt: Timestamp,
  report: BlinkReport,
});
export type StoredBlinkReport = z.infer<typeof StoredBlinkReport>;

/** A report's CID: the page's, `[A-Za-z0-9]{32}` (brief, contracts). */
export const BLINK_CID = /^[A-Za-z0-9]{32}$/;

/**
 * One cheap GET per proxied service the shop's pages call. The gateway sends them itself when the
 * browser asks `BLINK_SERVICES_PATH` (ADR 0273), as the page's other calls, with the visitor's
 * token if any: any answer but 502/503/504 (a guest's 401 included) proves the path gateway →
 * service works, and the browser sees one successful answer instead of a 401 per service in its
 * console.
 * `{tenantId}` is the shop's tenant.
 */
export const BLINK_SERVICE_PROBES = [
  { service: 'uaa', path: '/api/services/uaa/api/v1/account' },
  {
    service: 'booking-ms',
    path: '/api/services/booking-ms/api/v1/bookings/cart/tenant/{tenantId}',
  },
  { service: 'catalogue', path: '/api/services/catalogue/api/v1/brands' },
  { service: 'orders', path: '/api/services/orders/api/v1/orders' },
  { service: 'shopping-lists', path: '/api/services/shopping-lists/api/v1/lists' },
  { service: 'smart-carts', path: '/api/services/smart-carts/api/v1/smart-carts' },
  { service: 'profile', path: '/api/services/profile/api/v1/info' },
] as const;

/** The gateway's probe of every service for /blink-test (a resource route, client/routes.ts). */
export const BLINK_SERVICES_PATH = '/blink-test/services';

/** Its answer: each service's HTTP status to the gateway, or null when it did not answer. */
/** The gateway's answer to GET /blink-test/services: each service's status, null when it did not answer. */
export const BlinkServiceAnswers = z.object({
  services: z.record(z.string(), z.number().int().nullable()),
});
export type BlinkServiceAnswers = z.infer<typeof BlinkServiceAnswers>;

/** What only a browser running the page's script can check, in the report's order. */
export const BLINK_BROWSER_CHECKS: readonly { id: string; label: string }[] = [
  { id: 'gateway', label: 'Shop server reachable' },
  ...BLINK_SERVICE_PROBES.map(({ service }) => ({
    id: `service-${service}`,
    label: `Service ${service} reachable`,
  })),
  { id: 'session-cookies', label: 'Session cookies hidden from scripts' },
  { id: 'cookies', label: 'Cookies enabled' },
  { id: 'local-storage', label: 'localStorage' },
  { id: 'session-storage', label: 'sessionStorage' },
  { id: 'features', label: 'JavaScript features' },
  { id: 'clock', label: 'Clock against the server' },
  { id: 'round-trip', label: 'Round trip' },
];

export const NOT_CHECKED_NO_JS = 'Not checked: JavaScript off';
