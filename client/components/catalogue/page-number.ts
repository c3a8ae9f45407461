// `?page=` of a listing: a positive whole number, anything else is page 1 (never an error page).
export function pageNumber(url: string): number {
  const raw = new URL(url).searchParams.get('page');
  const page = raw && /^\d{1,4}$/.test(raw) ? Number(raw) : 1;
  return page >= 1 ? page : 1;
}
