import type { ContentPage } from '../../../shared/contracts/cms';
import { Breadcrumbs } from '../catalogue/breadcrumbs';
import { ContentBlocks } from './content-blocks';
import '../../styles/content.css';

// A content or policy page: title, last update and its blocks.
export function ContentArticle({ page }: { page: ContentPage }) {
  return (
    <>
      <Breadcrumbs crumbs={[{ label: 'Home', to: '/' }, { label: page.title }]} />
      <article className="content-article" aria-labelledby="content-title">
        <h1 id="content-title">{page.title}</h1>
        {page.summary && <p className="content-summary">{page.summary}</p>}
        <ContentBlocks blocks={page.body} />
        <UpdatedAt iso={page.updatedAt} />
      </article>
    </>
  );
}

function UpdatedAt({ iso }: { iso: string }) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  // UTC and a fixed format so the server and the browser render the same text.
  const text = date.toISOString().slice(0, 10);
  return (
    <p className="content-updated">
      Last updated <time dateTime={iso}>{text}</time>
    </p>
  );
}
