import { z } from 'zod';

// The CMS context of one page load (specification sections 3 and 7; brief "Context response").
// Only cid, tenant.id, url and page are required; the richer tenant fields are optional.
export const PageUrl = z.object({ origin: z.string(), host: z.string(), pathname: z.string() });
export type PageUrl = z.infer<typeof PageUrl>;

export const NavigationLink = z.object({ label: z.string(), href: z.string() });
export type NavigationLink = z.infer<typeof NavigationLink>;

export const Theme = z.object({
  primary: z.string().optional(),
  accent: z.string().optional(),
  background: z.string().optional(),
  text: z.string().optional(),
});
export type Theme = z.infer<typeof Theme>;

export const Tenant = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  /**
   * The shop's configured public origin (`https://shop.example`): canonical links, `og:url`, the
   * sitemap and robots.txt are made from it, never from the request's Host (ADR 0272).
   */
  origin: z.string().optional(),
  name: z.string().optional(),
  currency: z.string().optional(),
  locale: z.string().optional(),
  /** IANA time zone of the shop: dates on its pages are shown in it. */
  timeZone: z.string().optional(),
  deliveryCountries: z
    .array(z.string())
    .optional()
    .describe(
      'The countries the shop delivers to (ISO 3166-1 alpha-2, its own first): the address forms offer these alone (ADR 0340); left out, the region of `locale`',
    ),
  theme: Theme.optional(),
  navigation: z.array(NavigationLink).optional(),
  footer: z.array(NavigationLink).optional(),
});
export type Tenant = z.infer<typeof Tenant>;

export const PageState = z.object({
  isLoggedIn: z.boolean().optional(),
  siteError: z.object({ message: z.string().optional() }).nullish(),
});

export const UserAccount = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  login: z.string().nullish(),
  email: z.string().nullish(),
});
export type UserAccount = z.infer<typeof UserAccount>;

/** What the CMS answers, after parsing. Loose on purpose: any implementation of the contract. */
export const CmsContext = z.looseObject({
  cid: z.string().min(1),
  tenant: Tenant,
  url: PageUrl.partial().optional(),
  page: PageState.optional(),
});
export type CmsContext = z.infer<typeof CmsContext>;

/**
 * What a page receives: the public context and nothing else. The visitor's account travels apart,
 * with the cart (contracts/personal.ts, ADR 0203).
 */
export type PublicContext = {
  cid: string;
  tenant: Tenant;
  url: PageUrl;
  page: { siteError: { message: string } | null };
};

/** Query of GET /cms-api/context. */
export const ContextQuery = z.object({
  cid: z.string().min(1),
  isLoggedIn: z.enum(['true', 'false']),
  url: z.string().min(2),
});
