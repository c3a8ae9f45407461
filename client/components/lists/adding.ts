import { isSafeLocalPath } from '../../../shared/safe-redirect';
import { MAX_LINE_QUANTITY } from '../../../shared/line-limits';

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

const whole = (value: string | null, min: number, max: number, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
};

export function addingOf(search: URLSearchParams): AskedToAdd | null {
  const offeringId = search.get('add')?.trim();
  if (!offeringId || offeringId.length > 100) return null;
  const back = search.get('back');
  return {
    offeringId,
    quantity: whole(search.get('quantity'), 1, MAX_LINE_QUANTITY, 1),
    byCase: search.get('unit') === 'case',
    back: back && isSafeLocalPath(back) ? back : null,
  };
}
