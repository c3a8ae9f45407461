import { LRUCache } from 'lru-cache';
import { cataloguePaths } from '../../shared/contracts/catalogue';
import { listPaths } from '../../shared/contracts/lists';

// Calls a page could make only after another call's answer, as the session's last page made
// them (ADR 0270): the cart's products (its items are known from the cart's answer; stock and
// prices are never cached, ADR 0153), and the shopping list the lists screen shows when the URL
// names none (the newest, known from the collection). Both seldom change between two pages, so the
// gateway starts the remembered call with the others, and the page takes it when it asks for the
// same path (any other: asked after, as before). Keyed by the refresh token cookie (in memory
// only, as the session's other per-process state) and, for the list, the page's path.
export type FollowUps = {
  /** The remembered calls of this session's page: [the cart's products, the page's own]. */
  get(session: string, page: string): { personal?: string; page?: string };
  /** A call of a page: remembered when it is one of those above. */
  saw(session: string, page: string, path: string): void;
};

const OFFERINGS = `${cataloguePaths.offerings([]).split('?', 1)[0]!}?`;
const LIST = new RegExp(`^${listPaths.lists}/[^/?]+$`);
const LISTS_PAGE = '/shopping-lists';

export function createFollowUps(max = 10_000): FollowUps {
  const paths = new LRUCache<string, string>({ max });
  return {
    get: (session, page) => ({
      personal: paths.get(`${session} cart`),
      page: page === LISTS_PAGE ? paths.get(`${session} ${page}`) : undefined,
    }),
    saw(session, page, path) {
      if (path.startsWith(OFFERINGS)) paths.set(`${session} cart`, path);
      else if (page === LISTS_PAGE && LIST.test(path)) paths.set(`${session} ${page}`, path);
    },
  };
}
