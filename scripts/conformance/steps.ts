import { CART_STEPS } from './steps/cart';
import { CONTENT_STEPS } from './steps/content';
import { LIST_STEPS, SMART_CART_STEPS } from './steps/lists';
import { ORDER_STEPS } from './steps/orders';
import { PROBE_STEPS } from './steps/probes';
import { PROFILE_STEPS } from './steps/profile';
import { REFUSAL_STEPS } from './steps/refusals';
import { SESSION_STEPS, SIGN_OUT } from './steps/session';

// The calls the conformance kit makes, in order (docs/decisions/0233): each names an operation of
// the upstream contract, what it needs from earlier answers and what it keeps of its own (./steps/,
// one file per concern). What the kit makes with the test account it deletes again, and the cart
// is left as it was; what cannot be undone is only probed (./steps/probes.ts). Tokens the upstream
// never issued must be refused as the gateway expects (./steps/refusals.ts).
export type { State, Step, Tokens } from './steps/types';

export const STEPS = [
  ...SESSION_STEPS,
  ...CONTENT_STEPS,
  ...CART_STEPS,
  ...ORDER_STEPS,
  ...LIST_STEPS,
  ...SMART_CART_STEPS,
  ...PROFILE_STEPS,
  // After the real calls: what answered one is there, and a wrong refusal is then a failure.
  ...REFUSAL_STEPS,
  ...PROBE_STEPS,
  SIGN_OUT,
];
