import { useLocation, useSearchParams } from 'react-router';
import { TOTAL_CHANGES } from './total-changed';

type Refusal = { fieldErrors: Record<string, string>; formError?: string };

/**
 * What the pages that place an order at a shown total (the checkout, a smart cart: ADR 0319,
 * 0326, 0330) share of it:
 * - `refused`: the order form's refusal, else the notice of an order refused for its total
 *   (`?changed=total|fee`; a code the page does not know says nothing, ADR 0320);
 * - `focusKey`: what takes the focus: the action's result, else each arrival with a known code
 *   (its location key) as a refusal of its own.
 */
export function useTotalChange(result: object | undefined, order: Refusal | undefined) {
  const { key } = useLocation();
  const code = useSearchParams()[0].get('changed') ?? '';
  const text = Object.hasOwn(TOTAL_CHANGES, code) ? TOTAL_CHANGES[code] : undefined;
  return {
    refused: order ?? (text ? { fieldErrors: {}, formError: text } : undefined),
    focusKey: result ?? (text ? key : null),
  };
}
