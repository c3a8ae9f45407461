import { bookingOperations, catalogueOperations } from './cart-and-catalogue';
import { cmsOperations, uaaOperations } from './cms-and-uaa';
import { listOperations, smartCartOperations } from './lists';
import { orderOperations } from './orders';
import { diagnosticsOperations, profileOperations } from './profile';
import type { UpstreamOperation } from './operation';

// The upstream contract: every operation the gateway, the pages' loaders and actions and the
// browser (through the proxy) call, in one list (docs/decisions/0231). `npm run api:docs` writes
// docs/api/upstream.openapi.json from it.
export const UPSTREAM_CONTRACT_VERSION = '1.11.1';

export const upstreamOperations: readonly UpstreamOperation[] = [
  ...cmsOperations,
  ...uaaOperations,
  ...bookingOperations,
  ...catalogueOperations,
  ...orderOperations,
  ...listOperations,
  ...smartCartOperations,
  ...profileOperations,
  ...diagnosticsOperations,
];
