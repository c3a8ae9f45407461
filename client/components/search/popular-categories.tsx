import { Link } from 'react-router';
import type { Category } from '../../../shared/contracts/catalogue';
import { categoryHref } from './search-filters';

// Categories as quick links: the search screen and the empty results offer them.
export function PopularCategories({
  categories,
  title = 'Popular categories',
}: {
  categories: readonly Category[];
  title?: string;
}) {
  if (categories.length === 0) return null;
  return (
    <section className="popular-categories" aria-labelledby="popular-categories-title">
      <h2 id="popular-categories-title">{title}</h2>
      <ul className="chip-list">
        {categories.map((category) => (
          <li key={category.slug}>
            <Link to={categoryHref(category)} className="chip">
              {category.name}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
