import type { MouseEvent, Ref } from 'react';
import { href } from '../../../shared/href';

// "Add to list" on a product page, a product card and a cart line (issue #29): a link to the
// shopping lists screen, which asks which list (or a new one), with the quantity and the unit
// (single or case) it was given here. A plain link, the same for every visitor, so it works
// without JavaScript and in a shop's cached templates; a guest is asked to sign in on the way.
// It names the offering, not the product: the screen takes the name from the catalogue (ADR 0320).
// On a product page, with JavaScript, it opens the same choice in place (./add-to-list-here.tsx).
export type AddToListProps = {
  offeringId: string;
  productName: string;
  quantity?: number;
  byCase?: boolean;
  /** Where "Back" returns to after adding: a path of this shop. */
  returnTo?: string;
  className?: string;
};

export function addToListHref(props: AddToListProps): string {
  return href(
    'shopping-lists',
    {},
    {
      add: props.offeringId,
      quantity: props.quantity && props.quantity > 1 ? props.quantity : undefined,
      unit: props.byCase ? 'case' : undefined,
      back: props.returnTo,
    },
  );
}

/** The props of a product's "Add to list": one single (the lists screen offers its cases). */
export const listProps = (
  product: { name: string; offering: { id: string } },
  returnTo?: string,
): AddToListProps => ({ offeringId: product.offering.id, productName: product.name, returnTo });

export function AddToList(
  props: AddToListProps & {
    ref?: Ref<HTMLAnchorElement>;
    onClick?: (event: MouseEvent<HTMLAnchorElement>) => void;
  },
) {
  return (
    <a
      ref={props.ref}
      href={addToListHref(props)}
      onClick={props.onClick}
      className={props.className ?? 'add-to-list'}
      aria-label={`Add to list: ${props.productName}`}
    >
      Add to list
    </a>
  );
}
