import { Link } from 'react-router';
import { href } from '../../../shared/href';
import { useCounts } from '../../lib/counted';
import { usePageContext } from '../../lib/page-context';
import { ProductGrid } from '../catalogue/product-grid';
import { categoryHref } from '../search/search-filters';
import type { ResolvedHomeBlock } from './home-blocks.server';
import '../../styles/home.css';

// The home page: each CMS block in the order the CMS gives them.
export function HomeBlocks({ blocks }: { blocks: readonly ResolvedHomeBlock[] }) {
  const shopName = usePageContext()?.tenant.name ?? 'Shop';
  return (
    <div className="home-blocks">
      {/* The page's h1 is the first hero's title; without one, the shop's name (for screen readers). */}
      {blocks[0]?.type !== 'hero' && <h1 className="visually-hidden">{shopName}</h1>}
      {blocks.map((block, index) => (
        <HomeBlockView key={`${block.type}-${index}`} block={block} index={index} />
      ))}
    </div>
  );
}

function HomeBlockView({ block, index }: { block: ResolvedHomeBlock; index: number }) {
  const titleId = `home-block-${index}`;
  const counts = useCounts();
  switch (block.type) {
    case 'hero':
      return (
        <section className="hero" aria-labelledby={titleId}>
          {index === 0 ? <h1 id={titleId}>{block.title}</h1> : <h2 id={titleId}>{block.title}</h2>}
          <p>{block.text}</p>
          <Link className="button button-primary" to={block.cta.href}>
            {block.cta.label}
          </Link>
        </section>
      );
    case 'promo':
      return (
        <section className="promo" aria-labelledby={titleId}>
          <h2 id={titleId}>{block.title}</h2>
          <p>{block.text}</p>
          {block.link && <Link to={block.link.href}>{block.link.label}</Link>}
        </section>
      );
    case 'category-tiles':
      return (
        <section className="home-section" aria-labelledby={titleId}>
          <h2 id={titleId}>{block.title}</h2>
          <ul className="category-tiles">
            {block.categories.map((category) => (
              <li key={category.slug}>
                <Link
                  to={categoryHref(category)}
                  className={`category-tile category-${category.slug}`}
                >
                  <span className="category-tile-name">{category.name}</span>
                  <span className="category-tile-count">
                    {counts.products(category.productCount)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      );
    case 'product-rail':
      return block.products.length === 0 ? null : (
        <section className="home-section" aria-labelledby={titleId}>
          <div className="section-heading">
            <h2 id={titleId}>{block.title}</h2>
            <Link to={href('search-results', { searchQuery: block.query })}>See all</Link>
          </div>
          <ProductGrid products={block.products} label={block.title} variant="rail" returnTo="/" />
        </section>
      );
    case 'brand-strip':
      return (
        <section className="home-section" aria-labelledby={titleId}>
          <h2 id={titleId}>{block.title}</h2>
          <ul className="brand-strip">
            {block.brands.map((brand) => (
              <li key={brand.slug}>
                <Link to={href('brands', { brandSlug: brand.slug })}>{brand.name}</Link>
              </li>
            ))}
          </ul>
        </section>
      );
  }
}
