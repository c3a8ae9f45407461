import { Link, useSearchParams } from 'react-router';
import { isSafeLocalPath } from '../../../shared/safe-redirect';
import { DoneNotice } from '../forms/form-field';
import { AddToListPanel } from './add-to-list-panel';
import { FillNotice } from './fill-notice';
import type { ListsData } from './list-data.server';
import { ListDetail } from './list-detail';
import { ListOverview } from './list-overview';
import { LIST_NOTICES, type ListActionResult } from './list-result';
import { noticeOf } from '../../lib/done-notice';

// The shopping lists screen: the lists beside the chosen one (below it on a phone).
export function ListsPage({ lists, result }: { lists: ListsData; result?: ListActionResult }) {
  const [search] = useSearchParams();
  const notice = result ? undefined : noticeOf(LIST_NOTICES, search.get('done'));
  const { selected } = lists;
  const back = search.get('back');
  return (
    <div className="lists-screen">
      <h1 id="lists-title">Shopping lists</h1>
      <DoneNotice
        message={
          notice ? (
            <>
              {notice}
              {back && isSafeLocalPath(back) ? (
                <>
                  {' '}
                  <Link to={back}>Continue shopping</Link>
                </>
              ) : null}
            </>
          ) : null
        }
      />
      {/* Not beside a refusal: without JavaScript its `autofocus` would come before the field's. */}
      {result ? null : <FillNotice items={selected?.items ?? []} />}
      {lists.adding ? (
        <AddToListPanel adding={lists.adding} lists={lists.lists} result={result} />
      ) : null}
      <div className="lists-columns">
        <ListOverview lists={lists.lists} selectedId={selected?.id ?? null} result={result} />
        {selected ? <ListDetail list={selected} formKey={lists.formKey} result={result} /> : null}
      </div>
    </div>
  );
}
