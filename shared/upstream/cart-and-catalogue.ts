import { z } from 'zod';
import { ALLERGEN_SLUGS } from '../allergens';
import { Booking, BookingItemInput, BookingItemsDelete } from '../contracts/booking';
import {
  BrandPage,
  Category,
  CategoryPage,
  Brand,
  MAX_PAGE_SIZE,
  OfferingSummaries,
  ProductDetail,
  ProductList,
  SearchResult,
  SORTS,
  Suggestions,
} from '../contracts/catalogue';
import { MAX_PAGE } from '../listing-pages';
import { service, SIGNED_IN_SCREENS } from './define';
import { FILL_IDEMPOTENCY } from './shopper-ops';

// booking-ms (the cart: the specification's calls 3-7) and the catalogue.
const Tenant = z.object({
  tenantId: z
    .string()
    .min(1)
    .max(100)
    .describe(
      'The shop’s tenant id, as its CMS context names it (`tenant.id`); another shop’s is a 403. Through the gateway: GET /auth/session’s `tenantId`',
    ),
});
const Text = z.string().min(1).max(300);
// Pages up to the last one the listings link to (shared/listing-pages.ts): the reference catalogue
// refuses a later one (400), so the contract does not promise it.
const Paging = {
  page: z.coerce.number().int().min(1).max(MAX_PAGE).optional(),
  pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).optional(),
};
const Limit = z.object({ limit: z.coerce.number().int().min(1).max(60).optional() });
const PRODUCT_SCREENS = ['product', 'search-product'] as const;
// The search page's free-from filter (ADR 0214): allergens of the 14, comma-separated. Declared so
// an adopter's catalogue applies it: one that ignored it would list foods with those allergens.
const ALLERGEN = `(?:${ALLERGEN_SLUGS.join('|')})`;
const FreeFrom = z
  .string()
  .regex(new RegExp(`^${ALLERGEN}(?:,${ALLERGEN})*$`))
  .describe(
    'Allergens the foods must be free from, neither contained nor as traces (comma-separated slugs of the 14: `gluten,milk`)',
  );

export const bookingOperations = service('booking-ms', [
  {
    method: 'GET',
    path: '/bookings/cart/tenant/{tenantId}',
    summary: 'The caller’s cart',
    callers: ['gateway', 'page', 'browser'],
    auth: 'principal',
    params: Tenant,
    answers: { 200: Booking },
    errors: [403],
    requiredFor: ['checkout'],
    optionalFor: ['cart'],
    specCall: 3,
  },
  {
    method: 'PUT',
    path: '/bookings/cart/tenant/{tenantId}/item',
    summary: 'Set an item’s quantity (0 removes); substItemUid replaces that item',
    callers: ['page', 'browser'],
    auth: 'principal',
    params: Tenant,
    query: z.object({ substItemUid: Text.optional() }),
    body: BookingItemInput,
    answers: { 200: Booking },
    // 409: a guest's change that met the sign-in merging the cart (docs/decisions/0323).
    errors: [403, 404, 409],
    requiredFor: ['cart'],
    specCall: 4,
  },
  {
    method: 'DELETE',
    path: '/bookings/cart/tenant/{tenantId}/item',
    summary: 'Remove one item',
    callers: ['browser'],
    auth: 'principal',
    params: Tenant,
    query: z.object({ bookingItemUid: Text }),
    answers: { 200: Booking },
    errors: [403, 404, 409],
    requiredFor: ['cart'],
    specCall: 5,
  },
  {
    method: 'DELETE',
    path: '/bookings/cart/tenant/{tenantId}/items',
    summary: 'Remove the items listed',
    callers: ['browser'],
    auth: 'principal',
    params: Tenant,
    body: BookingItemsDelete,
    answers: { 200: Booking },
    errors: [403, 409],
    requiredFor: ['cart'],
    specCall: 6,
  },
  {
    method: 'GET',
    path: '/bookings/cart/copyBookingToCart',
    summary: 'Copy a past order’s lines into the cart (override replaces, otherwise merges)',
    callers: ['page', 'browser'],
    auth: 'account',
    query: z.object({ bookingId: Text, override: z.enum(['true', 'false']).optional() }),
    headers: FILL_IDEMPOTENCY,
    answers: { 200: Booking },
    errors: [403, 404],
    requiredFor: [],
    optionalFor: ['order-detail', 'order-list'],
    specCall: 7,
  },
]);

export const catalogueOperations = service('catalogue', [
  {
    method: 'GET',
    path: '/products/by-slug',
    summary: 'A product by its slug',
    callers: ['page'],
    auth: 'none',
    query: z.object({ slug: Text }),
    answers: { 200: ProductDetail },
    errors: [404],
    requiredFor: [...PRODUCT_SCREENS],
  },
  {
    method: 'GET',
    path: '/products/featured',
    summary: 'Featured products of the home page',
    callers: ['page'],
    auth: 'none',
    query: Limit,
    answers: { 200: ProductList },
    requiredFor: [],
    optionalFor: ['home'],
  },
  {
    method: 'GET',
    path: '/products/{id}/related',
    summary: 'Products of the same category and brand',
    callers: ['page'],
    auth: 'none',
    params: z.object({ id: Text }),
    query: Limit,
    answers: { 200: ProductList },
    errors: [404],
    requiredFor: [],
    optionalFor: [...PRODUCT_SCREENS],
  },
  {
    method: 'GET',
    path: '/offerings',
    summary: 'Product summaries of offerings (the cart’s lines)',
    callers: ['page', 'browser'],
    auth: 'none',
    query: z.object({ ids: z.string().min(1) }),
    answers: { 200: OfferingSummaries },
    requiredFor: [],
    optionalFor: ['cart', 'checkout', 'shopping-lists'],
  },
  {
    method: 'GET',
    path: '/brands',
    summary: 'Every brand',
    callers: ['page'],
    auth: 'none',
    answers: { 200: z.object({ items: z.array(Brand) }) },
    requiredFor: [],
    optionalFor: ['home', 'search'],
  },
  {
    method: 'GET',
    path: '/brands/{brandSlug}',
    summary: 'A brand and a page of its products',
    callers: ['page'],
    auth: 'none',
    params: z.object({ brandSlug: Text }),
    query: z.object(Paging),
    answers: { 200: BrandPage },
    errors: [404],
    requiredFor: ['brands'],
  },
  {
    method: 'GET',
    path: '/categories',
    summary: 'Every category',
    callers: ['page'],
    auth: 'none',
    answers: { 200: z.object({ items: z.array(Category) }) },
    requiredFor: [],
    optionalFor: ['home', 'search'],
  },
  {
    method: 'GET',
    path: '/categories/{slug}',
    summary: 'A category and a page of its products',
    callers: ['page'],
    auth: 'none',
    params: z.object({ slug: Text }),
    query: z.object(Paging),
    answers: { 200: CategoryPage },
    errors: [404],
    requiredFor: ['search'],
    optionalFor: ['sitemap'],
  },
  {
    method: 'GET',
    path: '/search',
    summary: 'Product search with brand and category facets',
    callers: ['page'],
    auth: 'none',
    query: z.object({
      q: z.string().max(200).optional(),
      brand: z.string().optional(),
      category: z.string().optional(),
      sort: z.enum(SORTS).optional(),
      freeFrom: FreeFrom.optional(),
      ...Paging,
    }),
    answers: { 200: SearchResult },
    requiredFor: ['search', 'search-results', 'search-product'],
  },
  {
    method: 'GET',
    path: '/suggest',
    summary: 'Suggestions for the search box as the shopper types',
    callers: ['browser'],
    auth: 'none',
    // At most 20 suggestions (the box shows 6): the reference catalogue refuses more (400).
    query: z.object({
      q: z.string().max(200),
      limit: z.coerce.number().int().min(1).max(20).optional(),
    }),
    answers: { 200: Suggestions },
    requiredFor: [],
    optionalFor: ['every-page'],
  },
  {
    method: 'GET',
    path: '/images/{productId}/{file}',
    summary: 'Picture n of a product (`{n}.svg`)',
    callers: ['browser'],
    auth: 'none',
    params: z.object({ productId: Text, file: z.string().regex(/^[1-9]\.svg$/) }),
    answers: { 200: null },
    errors: [404],
    requiredFor: [],
    optionalFor: ['home', ...PRODUCT_SCREENS, 'search-results', 'brands', ...SIGNED_IN_SCREENS],
  },
]);
