import { z } from 'zod';
import { MAX_PAGE_SIZE, SORTS, type Sort } from '../../../shared/contracts/catalogue';
import { MAX_PAGE } from '../../../shared/listing-pages';

// Paging and sorting shared by search, brand and category listings. Sort keys map to fixed SQL
// (never interpolated from input); every order ends with p.id so pages never overlap.
export const PagingQuery = z.object({
  page: z.coerce.number().int().min(1).max(MAX_PAGE).default(1),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(24),
});

export const ListingQuery = PagingQuery.extend({
  sort: z.enum(SORTS).exclude(['relevance']).default('name'),
});

// Names sort by code point ("C"), so PGlite and a PostgreSQL server with another locale agree.
const ORDER: Record<Sort, string> = {
  relevance: 'rank desc, p.name collate "C", p.id',
  'price-asc': 'o.price_single_cents, p.name collate "C", p.id',
  'price-desc': 'o.price_single_cents desc, p.name collate "C", p.id',
  name: 'p.name collate "C", p.id',
};

/** ORDER BY of a sort: over products p joined with offerings o, or (`flat`) over a row set with those columns. */
export const orderBy = (sort: Sort, flat = false) =>
  flat ? ORDER[sort].replace(/\b[po]\./g, '') : ORDER[sort];
