import { useEffect, useState } from 'react';
import { cataloguePaths, OfferingSummaries, type ProductSummary } from '../../shared/contracts/catalogue';
import { apiFetch } from '../lib/api';

// Names, images and prices of the cart's offerings for the cart widget (GET catalogue /offerings).
// Kept for the page's lifetime: an offering's product does not change while a shopper looks.
const known = new Map<string, ProductSummary>();
const CHUNK = 100;

async function fetchSummaries(ids: readonly string[]): Promise<void> {
  for (let start = 0; start < ids.length; start += CHUNK) {
    const result = await apiFetch<unknown>(cataloguePaths.offerings(ids.slice(start, start + CHUNK)));
    const parsed = result.ok ? OfferingSummaries.safeParse(result.data) : null;
    if (!parsed?.success) continue; // the widget shows the item without a name rather than failing
    for (const [id, summary] of Object.entries(parsed.data.offerings)) known.set(id, summary);
  }
}

export function useOfferingSummaries(offeringIds: readonly string[]): ReadonlyMap<string, ProductSummary> {
  const [, setVersion] = useState(0);
  const missing = offeringIds.filter((id) => !known.has(id));
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
  return known;
}
