import { MAX_PAGE } from '../../../shared/listing-pages';

// `?page=` of a listing: a whole number from 1 to the contract's last page; anything else is page
// 1 (never an error page: a page number the platform would refuse is not asked for).
export function pageNumber(url: string): number {
  const raw = new URL(url).searchParams.get('page');
  const page = raw && /^\d{1,4}$/.test(raw) ? Number(raw) : 1;
  return page >= 1 && page <= MAX_PAGE ? page : 1;
}
