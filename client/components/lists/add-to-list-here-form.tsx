import { useEffect, useRef, useState, type FormEvent, type RefObject } from 'react';
import { href } from '../../../shared/href';
import { appLink } from '../../lib/app-links';
import { readQuantity } from '../../../shared/typed-quantity';
import { focusRefusal } from '../forms/refusal-focus';
import { AmountChoice, ListChoice } from './add-to-list-fields';
import { addToList, readLists, type ListName } from './add-to-list.client';
import { NAME_THE_NEW_LIST } from './adding';
import '../../styles/forms.css';

// The lists screen's choice of list, quantity and unit, opened in place on a product page by a
// signed-in shopper with JavaScript (./add-to-list-here.tsx, docs/decisions/0375). It reads the
// shopper's lists and adds through the proxy: the page stays, the focus stays on what the shopper
// pressed, and the live region, there from the start so that its news is read out, says to which
// list it went, with the way to that list.
type Props = {
  offeringId: string;
  productName: string;
  caseSize: number;
  /** The lists screen's "Add to list": where the shopper goes if the lists cannot be read here. */
  screen: string;
  /** "Add to list", pressed again: the choice takes the focus again. */
  asked: number;
  opener: RefObject<HTMLAnchorElement | null>;
  onClose: () => void;
};

type Refusal = { fieldErrors: Record<string, string>; formError?: string };

export function AddToListHereForm(props: Props) {
  const [lists, setLists] = useState<ListName[] | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [added, setAdded] = useState<{ list: ListName; count: number } | null>(null);
  const form = useRef<HTMLFormElement>(null);
  const sending = useRef(false);
  const additions = useRef(0);

  useEffect(() => {
    let current = true;
    void readLists().then((read) => {
      if (!current) return;
      // A session gone, the service down: the lists screen, as without JavaScript.
      if (read) setLists(read);
      else location.assign(props.screen);
    });
    return () => void (current = false);
  }, [props.screen]);

  // What opened takes the focus: its choice of list (docs/decisions/0350), unless the shopper
  // has moved it meanwhile.
  const shown = lists !== null;
  useEffect(() => {
    const active = document.activeElement;
    if (!shown || (active !== document.body && active !== props.opener.current)) return;
    form.current?.querySelector<HTMLElement>('input[name="listId"]:checked')?.focus();
  }, [shown, props.asked, props.opener]);

  // A refusal's first field in error, or its message, takes the focus (docs/decisions/0308).
  useEffect(() => {
    if (refusal) focusRefusal(form.current);
  }, [refusal]);

  /** A list made here comes first, checked (it mounts so); its name field is emptied. */
  const madeList = (list: ListName) => {
    setLists((known) => [list, ...(known ?? [])]);
    const name = form.current?.elements.namedItem('newName');
    if (name instanceof HTMLInputElement) name.value = '';
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // A second press while the first is on its way would add the product twice.
    if (sending.current) return;
    const fields = new FormData(event.currentTarget);
    const text = (name: string) => String(fields.get(name) ?? '');
    const listId = text('listId') || 'new';
    const newName = text('newName').trim();
    const quantity = readQuantity(text('quantity'), 1);
    const fieldErrors: Record<string, string> = {};
    if (listId === 'new' && !newName) fieldErrors.newName = NAME_THE_NEW_LIST;
    if (!quantity.ok) fieldErrors.quantity = quantity.message;
    if (!quantity.ok || fieldErrors.newName) return setRefusal({ fieldErrors });
    sending.current = true;
    const { offeringId } = props;
    void addToList({
      listId,
      newName,
      offeringId,
      quantity: quantity.quantity,
      byCase: text('unit') === 'case',
    })
      .then((result) => {
        const made = result.ok ? (listId === 'new' ? result.list : null) : result.made;
        if (made) madeList(made);
        setRefusal(result.ok ? null : { fieldErrors: {}, formError: result.message });
        setAdded(result.ok ? { list: result.list, count: ++additions.current } : null);
      })
      .finally(() => (sending.current = false));
  };

  const errors = refusal?.fieldErrors ?? {};
  return (
    <section className="add-to-list-panel" aria-labelledby="add-to-list-title">
      <h2 id="add-to-list-title">{`Add “${props.productName}” to a list`}</h2>
      {lists === null ? (
        <p>Reading your lists…</p>
      ) : (
        <form className="add-to-list-form" ref={form} onSubmit={submit}>
          <ListChoice lists={lists} listId={lists[0]?.id ?? 'new'} error={errors.newName} />
          <AmountChoice
            quantity={1}
            byCase={false}
            caseSize={props.caseSize}
            error={errors.quantity}
          />
          {refusal?.formError ? (
            <p className="form-error" role="alert" tabIndex={-1}>
              {refusal.formError}
            </p>
          ) : null}
          <div className="add-to-list-buttons">
            <button type="submit" className="button primary">
              Add to list
            </button>
            <button type="button" className="button" onClick={props.onClose}>
              Close
            </button>
          </div>
        </form>
      )}
      <div role="status">
        {added ? (
          <p key={added.count}>
            {'Added to '}
            <a href={href('shopping-lists', {}, { list: added.list.id })} {...appLink}>
              {`“${added.list.name}”`}
            </a>
          </p>
        ) : null}
      </div>
    </section>
  );
}
