import { Link } from 'react-router';

// A screen that shows its name and parameters until its issue gives it real content (#4).
export function ScreenPlaceholder({
  title,
  params,
}: {
  title: string;
  params: Record<string, string>;
}) {
  const entries = Object.entries(params);
  return (
    <section aria-labelledby="screen-title">
      <h1 id="screen-title">{title}</h1>
      {entries.length > 0 && (
        <dl className="screen-params">
          {entries.map(([name, value]) => (
            <div key={name}>
              <dt>{name}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      )}
      <p>
        <Link to="/">Home</Link> · <Link to="/search">Search</Link> ·{' '}
        <Link to="/brands/green-valley">Brands</Link>
      </p>
    </section>
  );
}
