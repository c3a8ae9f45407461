import { useEffect, useState } from 'react';
import type { Suggestions } from '../../../shared/contracts/catalogue';
import { href } from '../../../shared/href';
import { apiFetch } from '../../lib/api';
import { categoryHref } from './search-filters';

// Suggestions for the search box as the shopper types: debounced (150 ms), the previous request
// aborted when the text changes, so a slow answer never overwrites a newer one.
export const SUGGEST_DELAY_MS = 150;
const MIN_LENGTH = 2;
// cataloguePaths.suggest, restated: importing the contracts module would bring zod to the browser.
const SUGGEST_PATH = '/api/services/catalogue/api/v1/suggest';

export type SuggestionOption = {
  key: string;
  label: string;
  detail: string;
  to: string;
  image?: string;
};

export function useSuggestions(text: string): SuggestionOption[] {
  const [options, setOptions] = useState<SuggestionOption[]>([]);
  useEffect(() => {
    const query = text.trim();
    if (query.length < MIN_LENGTH) {
      setOptions([]);
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(async () => {
      const result = await apiFetch<Suggestions>(
        `${SUGGEST_PATH}?q=${encodeURIComponent(query)}&limit=6`,
        {
          signal: controller.signal,
        },
      );
      if (controller.signal.aborted) return;
      setOptions(result.ok ? toOptions(result.data) : []);
    }, SUGGEST_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [text]);
  return options;
}

function toOptions(suggestions: Suggestions): SuggestionOption[] {
  return [
    ...suggestions.suggestions.map((product) => ({
      key: `product-${product.slug}`,
      label: product.name,
      detail: product.brand,
      to: href('product', { slug: product.slug }),
      image: product.image,
    })),
    ...suggestions.categories.map((category) => ({
      key: `category-${category.slug}`,
      label: category.name,
      detail: 'Category',
      to: categoryHref(category),
    })),
  ];
}
