import { isSafeLocalPath } from '../../../shared/safe-redirect';
import { readQuantity } from '../../../shared/typed-quantity';

// What "Add to list" asks the lists screen to add (its link's query, ./add-to-list.tsx): the
// offering, the quantity and unit, and where "Back" goes. The product's name and case size are the
// catalogue's (./list-data.server.ts), never the link's: a link cannot put words in the shop's
// heading (ADR 0320).
export type AskedToAdd = {
  offeringId: string;
  quantity: number;
  byCase: boolean;
  back: string | null;
};
export type Adding = AskedToAdd & { name: string; caseSize: number };

/** "A new list" chosen without its name: the lists screen's and a product page's words. */
export const NAME_THE_NEW_LIST = 'Enter a name for the new list';

// The link's quantity, read as a typed one (ADR 0339): "?quantity=0x10" asked for 16 before.
const quantityOf = (text: string | null) => {
  const read = readQuantity(text, 1);
  return read.ok ? read.quantity : 1;
};

export function addingOf(search: URLSearchParams): AskedToAdd | null {
  const offeringId = search.get('add')?.trim();
  if (!offeringId || offeringId.length > 100) return null;
  const back = search.get('back');
  return {
    offeringId,
    quantity: quantityOf(search.get('quantity')),
    byCase: search.get('unit') === 'case',
    back: back && isSafeLocalPath(back) ? back : null,
  };
}
