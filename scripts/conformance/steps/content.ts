import { first, type Body, type Step } from './types';

// The public reads: the CMS's pages and policies, the catalogue's brands, categories, products,
// search, offerings and pictures. Each list's first entry is read on its own.
export const CONTENT_STEPS: readonly Step[] = [
  { op: 'cmsGetHome' },
  { op: 'cmsGetPages', keep: (s, b) => void (s.pageId = first(b.pages)?.slug as string) },
  { op: 'cmsGetPagesByPageId', needs: ['pageId'], params: (s) => ({ pageId: s.pageId! }) },
  { op: 'cmsGetPolicies', keep: (s, b) => void (s.policyCode = first(b.pages)?.slug as string) },
  {
    op: 'cmsGetPoliciesByPolicyCode',
    needs: ['policyCode'],
    params: (s) => ({ policyCode: s.policyCode! }),
  },
  { op: 'catalogueGetBrands', keep: (s, b) => void (s.brandSlug = first(b.items)?.slug as string) },
  {
    op: 'catalogueGetBrandsByBrandSlug',
    needs: ['brandSlug'],
    params: (s) => ({ brandSlug: s.brandSlug! }),
  },
  {
    op: 'catalogueGetCategories',
    keep: (s, b) => void (s.categorySlug = first(b.items)?.slug as string),
  },
  {
    op: 'catalogueGetCategoriesBySlug',
    needs: ['categorySlug'],
    params: (s) => ({ slug: s.categorySlug! }),
  },
  {
    op: 'catalogueGetProductsFeatured',
    // Several, so that one whose offering the account's cart does not hold can be chosen.
    query: () => ({ limit: '12' }),
    keep: (s, b) => {
      const products = (b.items as Body[] | undefined) ?? [];
      const product = products[0];
      if (!product) return;
      s.productId = String(product.id);
      s.productSlug = String(product.slug);
      s.productName = String(product.name);
      s.offeringIds = products.map((p) => String((p.offering as Body | undefined)?.id));
      s.offeringId = s.offeringIds[0];
    },
  },
  {
    op: 'catalogueGetSearch',
    // A word of a product's name: the search must find something to show.
    query: (s) => ({ q: (s.productName ?? 'a').split(/\s+/)[0]!, page: '1', pageSize: '5' }),
  },
  {
    op: 'catalogueGetProductsBySlug',
    needs: ['productSlug'],
    query: (s) => ({ slug: s.productSlug! }),
  },
  {
    op: 'catalogueGetProductsByIdRelated',
    needs: ['productId'],
    params: (s) => ({ id: s.productId! }),
  },
  { op: 'catalogueGetOfferings', needs: ['offeringId'], query: (s) => ({ ids: s.offeringId! }) },
  { op: 'catalogueGetSuggest', query: () => ({ q: 'a', limit: '4' }) },
  {
    op: 'catalogueGetImagesByProductIdByFile',
    needs: ['productId'],
    params: (s) => ({ productId: s.productId!, file: '1.svg' }),
  },
];
