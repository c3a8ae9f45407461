import type { PublicContext } from '../../shared/contracts/context';
import type { ContentPage } from '../../shared/contracts/cms';
import { publicOrigin } from './public-origin';

// Per-page title, description and canonical URL. The canonical URL is built from the shop's
// configured public origin (the root loader's context; ADR 0272), so each tenant's pages point at
// themselves whatever Host they were asked with, and it leaves out the query except for the
// parameters that make a different page (ADR 0072).
export type MatchWithData = { id: string; data?: unknown } | undefined;
export type MetaDescriptor = Record<string, unknown>;

export type PageSeo = {
  title: string;
  description?: string;
  /** Path (and query) of the canonical page, e.g. `/brands/acme` or `/search/milk?page=2`. */
  path: string;
  /** Extra descriptors: JSON-LD, robots, Open Graph images. */
  extra?: MetaDescriptor[];
};

const DESCRIPTION_LENGTH = 160;

/** The root loader's context among a meta function's matches. */
export function rootContext(matches: readonly MatchWithData[]): PublicContext | null {
  const root = matches.find((match) => match?.id === 'root');
  return (root?.data as { context?: PublicContext } | undefined)?.context ?? null;
}

/** Shortens text for a meta description, on a word boundary. */
export function shortDescription(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= DESCRIPTION_LENGTH) return flat;
  const cut = flat.slice(0, DESCRIPTION_LENGTH - 1);
  return `${cut.slice(0, cut.lastIndexOf(' ') > 80 ? cut.lastIndexOf(' ') : cut.length)}…`;
}

export function pageMeta(matches: readonly MatchWithData[], seo: PageSeo): MetaDescriptor[] {
  const context = rootContext(matches);
  const shopName = context?.tenant.name ?? 'Shop';
  const title = seo.title === shopName ? shopName : `${seo.title} | ${shopName}`;
  const descriptors: MetaDescriptor[] = [
    { title },
    { property: 'og:title', content: title },
    { property: 'og:site_name', content: shopName },
  ];
  if (seo.description) {
    const description = shortDescription(seo.description);
    descriptors.push(
      { name: 'description', content: description },
      { property: 'og:description', content: description },
    );
  }
  if (context) {
    const canonical = new URL(seo.path, publicOrigin(context)).toString();
    descriptors.push(
      { tagName: 'link', rel: 'canonical', href: canonical },
      { property: 'og:url', content: canonical },
    );
  }
  return [...descriptors, ...(seo.extra ?? [])];
}

/** Meta of a page that does not exist (the 404 screen): titled, and kept out of the index. */
export function notFoundMeta(matches: readonly MatchWithData[]): MetaDescriptor[] {
  return privateMeta(`Page not found | ${rootContext(matches)?.tenant.name ?? 'Shop'}`)();
}

/** Meta of a CMS article (a content or policy page) whose canonical path `pathOf` gives. */
export function articleMeta(
  matches: readonly MatchWithData[],
  page: Pick<ContentPage, 'title' | 'summary' | 'slug'> | undefined,
  pathOf: (slug: string) => string,
): MetaDescriptor[] {
  if (!page) return notFoundMeta(matches);
  return pageMeta(matches, {
    title: page.title,
    description: page.summary,
    path: pathOf(page.slug),
  });
}

/**
 * A loader's data with its page's meta, computed on the server: the helpers above (and the
 * canonical paths' route table) then stay off the browser's first load (docs/decisions/0208).
 * `describe` sees the same root context a meta function's matches would carry.
 */
export async function withMeta<T extends object>(
  context: { publicContext?: PublicContext | null; ready?: Promise<void> },
  data: T,
  describe: (data: T, matches: readonly MatchWithData[]) => MetaDescriptor[],
): Promise<T & { meta: MetaDescriptor[] }> {
  // The page context is loaded beside the route's data (ADR 0270).
  await context.ready;
  const matches = [{ id: 'root', data: { context: context.publicContext ?? null } }];
  return { ...data, meta: describe(data, matches) };
}

/** A route's `meta`: what its loader computed (withMeta), or, without data (an error), not found. */
export function loaderMeta({
  data,
  matches,
}: {
  data?: unknown;
  matches: readonly MatchWithData[];
}): MetaDescriptor[] {
  return (data as { meta?: MetaDescriptor[] } | undefined)?.meta ?? notFoundMeta(matches);
}

/** The `meta` of a page kept out of search engines (an account's or a diagnostic page). */
export const privateMeta =
  (title: string, ...extra: MetaDescriptor[]) =>
  (): MetaDescriptor[] => [{ title }, { name: 'robots', content: 'noindex' }, ...extra];

/** A route's loader: its `load`, then the page's meta (withMeta), `describe` typed by `load`. */
export const loaderWithMeta =
  <
    A extends { context: { publicContext?: PublicContext | null; ready?: Promise<void> } },
    T extends object,
  >(
    load: (args: A) => Promise<T>,
    describe: (data: T, matches: readonly MatchWithData[]) => MetaDescriptor[],
  ) =>
  async (args: A) =>
    withMeta(args.context, await load(args), describe);
