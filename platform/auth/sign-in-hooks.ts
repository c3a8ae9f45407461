import type { Queryable } from '../db/db';

// What other services do when a guest signs in: uaa owns sign-in, but the guest's data (the cart)
// belongs to booking-ms. A service registers a hook with `app.signInHooks.push(hook)`; uaa runs
// every hook inside the sign-in transaction, so a failed merge rolls the sign-in back.
export type GuestSignIn = {
  tenantId: string;
  /** `guest:<uuid>`: the principal the guest's data is keyed by. */
  guestPrincipalId: string;
  /** The account's principal (its account id). */
  accountPrincipalId: string;
};

export type SignInHook = (tx: Queryable, signIn: GuestSignIn) => Promise<void>;

declare module 'fastify' {
  interface FastifyInstance {
    signInHooks: SignInHook[];
  }
}
