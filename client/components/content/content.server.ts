import { data } from 'react-router';
import { cmsPaths, type ContentPage, type ContentPageSummary } from '../../../shared/contracts/cms';
import type { PlatformClient } from '../../../shared/load-context';

// The CMS calls of the content screens: an unknown page or policy is the 404 page; a failing CMS
// the generic error page. Lists for the sitemap fall back to nothing.
async function page(platform: PlatformClient, path: string): Promise<ContentPage> {
  const response = await platform.call<ContentPage>({ path });
  if (response.status === 404 || response.status === 400) throw data(null, { status: 404 });
  if (!response.ok) throw data({ message: null }, { status: 502 });
  return response.body;
}

export const contentPage = (platform: PlatformClient, pageId: string) =>
  page(platform, cmsPaths.page(pageId));
export const policyPage = (platform: PlatformClient, policyCode: string) =>
  page(platform, cmsPaths.policy(policyCode));

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
