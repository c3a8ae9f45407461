import { useEffect, useState } from 'react';
import type { ProductSummary } from '../../shared/contracts/catalogue';
import { apiFetch } from '../lib/api';

// Names, images and prices of the cart's offerings for the cart widget (GET catalogue /offerings).
// Kept for the page's lifetime: an offering's product does not change while a shopper looks.
const known = new Map<string, ProductSummary>();
// cataloguePaths.offerings and IDS_PER_CALL, restated: importing the contracts module would bring
// zod to the browser.
const CHUNK = 100;
const offeringsPath = (ids: readonly string[]) =>
  `/api/services/catalogue/api/v1/offerings?ids=${ids.map(encodeURIComponent).join(',')}`;

// The answer is { offerings: { [offeringId]: ProductSummary } }; a summary without an offering
// price is left out rather than shown wrong.
function readSummaries(value: unknown): [string, ProductSummary][] {
  const offerings = (value as { offerings?: unknown } | null)?.offerings;
  if (typeof offerings !== 'object' || offerings === null) return [];
  return Object.entries(offerings as Record<string, ProductSummary>).filter(
    ([, summary]) =>
      typeof summary?.name === 'string' && Number.isInteger(summary.offering?.priceSingleCents),
  );
}

async function fetchSummaries(ids: readonly string[]): Promise<void> {
  for (let start = 0; start < ids.length; start += CHUNK) {
    const result = await apiFetch<unknown>(offeringsPath(ids.slice(start, start + CHUNK)));
    // On failure the widget shows the item without a name rather than failing.
    if (result.ok) for (const [id, summary] of readSummaries(result.data)) known.set(id, summary);
  }
}

/** `initial`: the summaries the server read with the cart (docs/decisions/0163). */
export function useOfferingSummaries(
  offeringIds: readonly string[],
  initial?: Readonly<Record<string, ProductSummary>>,
): ReadonlyMap<string, ProductSummary> {
  const [, setVersion] = useState(0);
  // The server's map is shared by every request (and every shop): it is never written there.
  const onServer = typeof window === 'undefined';
  if (!onServer)
    for (const [id, summary] of Object.entries(initial ?? {}))
      if (!known.has(id)) known.set(id, summary);
  const missing = onServer ? [] : offeringIds.filter((id) => !known.has(id));
  const missingKey = [...new Set(missing)].sort().join(',');
  useEffect(() => {
    if (!missingKey) return;
    let current = true;
    void fetchSummaries(missingKey.split(',')).then(() => {
      if (current) setVersion((v) => v + 1);
    });
    return () => {
      current = false;
    };
  }, [missingKey]);
  return onServer ? new Map(Object.entries(initial ?? {})) : known;
}
