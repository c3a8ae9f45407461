import { appLink } from '../../lib/app-links';

// Page links (previous, numbers around the current page, next): plain links in the URL query.
export function Pagination({
  page,
  total,
  pageSize,
  hrefOf,
}: {
  page: number;
  total: number;
  pageSize: number;
  hrefOf: (page: number) => string;
}) {
  const pages = Math.max(1, Math.ceil(total / pageSize));
  if (pages <= 1) return null;
  const shown = pageWindow(page, pages);
  return (
    <nav className="pagination" aria-label="Pages">
      <ul>
        {page > 1 && (
          <li>
            <a href={hrefOf(page - 1)} {...appLink} rel="prev">
              ‹ Previous
            </a>
          </li>
        )}
        {shown.map((n, index) =>
          n === null ? (
            <li key={`gap-${index}`} aria-hidden="true">
              …
            </li>
          ) : (
            <li key={n}>
              {n === page ? (
                <span aria-current="page">{n}</span>
              ) : (
                <a href={hrefOf(n)} {...appLink} aria-label={`Page ${n}`}>
                  {n}
                </a>
              )}
            </li>
          ),
        )}
        {page < pages && (
          <li>
            <a href={hrefOf(page + 1)} {...appLink} rel="next">
              Next ›
            </a>
          </li>
        )}
      </ul>
    </nav>
  );
}

/** First, last, and two either side of the current page; null marks a gap. */
function pageWindow(page: number, pages: number): (number | null)[] {
  const out: (number | null)[] = [];
  for (let n = 1; n <= pages; n++) {
    if (n === 1 || n === pages || Math.abs(n - page) <= 2) out.push(n);
    else if (out.at(-1) !== null) out.push(null);
  }
  return out;
}
