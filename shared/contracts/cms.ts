import { z } from 'zod';
import { Timestamp } from './timestamp';

// Content of the CMS service beyond the page context: content pages, policy pages and home page
// blocks. Bodies are structured blocks (never HTML) so the shop renders them without injecting markup.
export const CMS_BASE = '/cms-api';

export const cmsPaths = {
  context: `${CMS_BASE}/context`,
  navigation: `${CMS_BASE}/navigation`,
  home: `${CMS_BASE}/home`,
  pages: `${CMS_BASE}/pages`,
  page: (pageId: string) => `${CMS_BASE}/pages/${encodeURIComponent(pageId)}`,
  policies: `${CMS_BASE}/policies`,
  policy: (policyCode: string) => `${CMS_BASE}/policies/${encodeURIComponent(policyCode)}`,
} as const;

/** The longest content page or policy name the CMS has (a longer one is no page at all). */
export const CMS_SLUG_MAX = 100;

export const POLICY_CODES = ['terms', 'privacy', 'delivery', 'returns'] as const;

export const ContentBlock = z.discriminatedUnion('type', [
  z.object({ type: z.literal('heading'), text: z.string() }),
  z.object({ type: z.literal('paragraph'), text: z.string() }),
  z.object({ type: z.literal('list'), items: z.array(z.string()) }),
]);
export type ContentBlock = z.infer<typeof ContentBlock>;

export const ContentPageSummary = z.object({
  slug: z.string(),
  title: z.string(),
  summary: z.string(),
  updatedAt: Timestamp,
});
export type ContentPageSummary = z.infer<typeof ContentPageSummary>;

export const ContentPage = ContentPageSummary.extend({
  kind: z.enum(['page', 'policy']),
  body: z.array(ContentBlock),
});
export type ContentPage = z.infer<typeof ContentPage>;

const Link = z.object({ label: z.string(), href: z.string() });

/** Home page blocks; product and category blocks name what to show, the shop fetches it. */
export const HomeBlock = z.discriminatedUnion('type', [
  z.object({ type: z.literal('hero'), title: z.string(), text: z.string(), cta: Link }),
  /** Products of a catalogue search (the search term), best ranked first. */
  z.object({
    type: z.literal('product-rail'),
    title: z.string(),
    query: z.string(),
    limit: z.number().int(),
  }),
  /** The catalogue's categories as tiles. */
  z.object({ type: z.literal('category-tiles'), title: z.string() }),
  /** The catalogue's brands as a strip of links to /brands/{brandSlug}. */
  z.object({ type: z.literal('brand-strip'), title: z.string(), limit: z.number().int() }),
  z.object({
    type: z.literal('promo'),
    title: z.string(),
    text: z.string(),
    link: Link.optional(),
  }),
]);
export type HomeBlock = z.infer<typeof HomeBlock>;

export const HomePage = z.object({ blocks: z.array(HomeBlock) });
export type HomePage = z.infer<typeof HomePage>;
