import { useSearchParams } from 'react-router';
import type { ListsData } from './list-data.server';
import { ListDetail } from './list-detail';
import { ListOverview } from './list-overview';
import { LIST_NOTICES, type ListActionResult } from './list-result';

// The shopping lists screen: the lists beside the chosen one (below it on a phone).
export function ListsPage({ lists, result }: { lists: ListsData; result?: ListActionResult }) {
  const [search] = useSearchParams();
  const notice = result ? undefined : LIST_NOTICES[search.get('done') ?? ''];
  const { selected } = lists;
  return (
    <div className="lists-screen">
      <h1 id="lists-title">Shopping lists</h1>
      {notice ? (
        <p className="notice" role="status">
          {notice}
        </p>
      ) : null}
      <div className="lists-columns">
        <ListOverview lists={lists.lists} selectedId={selected?.id ?? null} result={result} />
        {selected ? <ListDetail list={selected} result={result} /> : null}
      </div>
    </div>
  );
}
