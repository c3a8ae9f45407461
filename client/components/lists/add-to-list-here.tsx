import { useRef, useState, type MouseEvent } from 'react';
import { useRouteLoaderData } from 'react-router';
import { visitorOf } from '../../lib/personal';
import { AddToList, addToListHref, type AddToListProps } from './add-to-list';
import { AddToListHereForm } from './add-to-list-here-form';

// A product page's "Add to list" (docs/decisions/0375). Without JavaScript, and for a guest, the
// link every card and cart line has (./add-to-list.tsx): the lists screen asks which list, its
// form posts, the redirect shows the list. With JavaScript a signed-in shopper chooses here, in
// the same fields, and stays on the product. The page is the same for every visitor (a document
// template, ADR 0203): the visitor is read when the link is pressed, never rendered.
export function AddToListHere(props: AddToListProps & { caseSize: number }) {
  const [asked, setAsked] = useState(0);
  const link = useRef<HTMLAnchorElement>(null);
  const rootData = useRouteLoaderData('root');
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey)
      return;
    // A guest has no lists: the lists screen asks them to sign in on the way.
    if (!visitorOf(rootData).account) return;
    event.preventDefault();
    setAsked((n) => n + 1);
  };
  const close = () => {
    setAsked(0);
    // The way back gives the focus to what opened it (docs/decisions/0356).
    link.current?.focus();
  };
  return (
    <>
      <AddToList {...props} ref={link} onClick={open} />
      {asked > 0 ? (
        <AddToListHereForm
          offeringId={props.offeringId}
          productName={props.productName}
          caseSize={props.caseSize}
          screen={addToListHref(props)}
          asked={asked}
          opener={link}
          onClose={close}
        />
      ) : null}
    </>
  );
}
