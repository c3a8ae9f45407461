import type { ServerCart } from '../../shared/contracts/personal';
import { usePersonal } from '../lib/personal';

export type { ServerCart };

// The visitor's cart as the server read it for this page (root loader, docs/decisions/0163): the
// header count, the cart panel and every quantity control render it without JavaScript, and the
// browser's cart store starts from it instead of loading it again.
export function useServerCart(): ServerCart | null {
  return usePersonal().cart;
}
