import { isSafeLocalPath } from '../../../shared/safe-redirect';
import { MAX_LINE_QUANTITY } from '../../../shared/line-limits';

// What "Add to list" asks the lists screen to add (its link's query, client/components/lists/
// add-to-list.tsx): the offering, its product's name, the quantity and unit, and where "Back" goes.
export type Adding = {
  offeringId: string;
  name: string;
  quantity: number;
  byCase: boolean;
  caseSize: number;
  back: string | null;
};

const whole = (value: string | null, min: number, max: number, fallback: number) => {
  const n = Number(value);
  return Number.isInteger(n) && n >= min && n <= max ? n : fallback;
};

export function addingOf(search: URLSearchParams): Adding | null {
  const offeringId = search.get('add')?.trim();
  if (!offeringId || offeringId.length > 100) return null;
  const back = search.get('back');
  const caseSize = whole(search.get('caseSize'), 1, 10_000, 1);
  return {
    offeringId,
    name: (search.get('name') ?? '').trim().slice(0, 200) || 'This product',
    quantity: whole(search.get('quantity'), 1, MAX_LINE_QUANTITY, 1),
    byCase: search.get('unit') === 'case',
    caseSize,
    back: back && isSafeLocalPath(back) ? back : null,
  };
}
