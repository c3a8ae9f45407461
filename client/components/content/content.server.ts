import { data } from 'react-router';
import {
  CMS_SLUG_MAX,
  cmsPaths,
  type ContentPage,
  type ContentPageSummary,
} from '../../../shared/contracts/cms';
import type { PlatformClient } from '../../../shared/load-context';

// The CMS calls of the content screens: an unknown page or policy is the 404 page, and so is a
// name longer than any the CMS has, without asking it (issue #24 item 3: a name of 300+
// characters was the CMS router's 414, and the generic error page); a failing CMS the generic
// error page. Lists for the sitemap fall back to nothing.
async function page(platform: PlatformClient, path: string): Promise<ContentPage> {
  const response = await platform.call<ContentPage>({ path });
  if (response.status === 404 || response.status === 400) throw data(null, { status: 404 });
  if (!response.ok) throw data({ message: null }, { status: 502 });
  return response.body;
}

const named = (slug: string) => {
  if (slug.length > CMS_SLUG_MAX) throw data(null, { status: 404 });
  return slug;
};

export const contentPage = (platform: PlatformClient, pageId: string) =>
  page(platform, cmsPaths.page(named(pageId)));
export const policyPage = (platform: PlatformClient, policyCode: string) =>
  page(platform, cmsPaths.policy(named(policyCode)));

async function summaries(platform: PlatformClient, path: string): Promise<ContentPageSummary[]> {
  try {
    const response = await platform.call<{ pages: ContentPageSummary[] }>({ path });
    return response.ok ? response.body.pages : [];
  } catch {
    return [];
  }
}

export const contentPages = (platform: PlatformClient) => summaries(platform, cmsPaths.pages);
export const policyPages = (platform: PlatformClient) => summaries(platform, cmsPaths.policies);
