import type { PlatformConfig } from '../config';
import type { SweptTable } from '../db/swept-table';
import { purgeCartsOfEndingSessions, purgeMergedCarts } from './booking/cart-purge';
import { purgeOldKeys } from './booking/cart-replay';
import { purgeOldReports } from './observability/blink-reports';
import { purgeExpiredFailures } from './uaa/failure-purge';
import { CEILING_WINDOW_SECONDS, FORGET_AFTER_SECONDS } from './uaa/lockout';
import { purgeOldTokens } from './uaa/session-purge';

// Every table the services delete rows from, swept every minute by the platform
// (docs/decisions/0363; retention-sweep.ts): the rows past their time are deleted, and on PGlite,
// which has no autovacuum, a table is vacuumed once enough of it went, so that the space of what
// went is used again (one table a minute, docs/decisions/0374).
// The development inboxes and the outbox are kept by their own bounds (bounded-table.ts, 0359).
// swept-tables.test.ts finds any table a service deletes from that is missing here.
export function sweptTables(config: PlatformConfig): SweptTable[] {
  return [
    // Rows deleted by age: here.
    { name: 'blink_reports', purge: purgeOldReports },
    {
      name: 'sign_in_failures',
      purge: (q) =>
        purgeExpiredFailures(q, {
          forgetAfterSeconds: FORGET_AFTER_SECONDS,
          ceilingWindowSeconds: CEILING_WINDOW_SECONDS,
        }),
    },
    // A guest session's cart goes with its last token (docs/decisions/0369), in this purge.
    {
      name: 'refresh_tokens',
      purge: (q, stopped) =>
        purgeOldTokens(q, config, stopped, (tx, sessions) =>
          purgeCartsOfEndingSessions(tx, config, sessions),
        ),
    },
    { name: 'carts', purge: (q, stopped) => purgeMergedCarts(q, config, stopped) },
    { name: 'cart_change_keys', purge: purgeOldKeys },
    // Rows deleted by use: a cart's items as it changes and at each order, a list's, a smart
    // cart's (all of them at each save), an address, a card, a sign-in provider, an edited order's
    // lines.
    { name: 'cart_items' },
    { name: 'shopping_lists' },
    { name: 'shopping_list_items' },
    { name: 'smart_carts' },
    { name: 'smart_cart_items' },
    { name: 'delivery_addresses' },
    { name: 'payment_methods' },
    { name: 'identities' },
    { name: 'order_lines' },
  ];
}
