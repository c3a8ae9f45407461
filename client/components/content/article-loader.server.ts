import type { AppLoadContext } from 'react-router';
import { href } from '../../../shared/href';
import { articleMeta, withMeta } from '../../lib/seo';
import { contentPage, policyPage } from './content.server';

// The loader of both CMS article routes: /page/{pageId} (about, contact, FAQ ...) and
// /policy/{policyCode} (terms, privacy, delivery, returns): the article, and its meta.
export async function articleLoader(
  context: AppLoadContext,
  kind: 'content-page' | 'policy',
  slug: string,
) {
  const page =
    kind === 'content-page'
      ? await contentPage(context.platform, slug)
      : await policyPage(context.platform, slug);
  const pathOf = (pageSlug: string) =>
    kind === 'content-page'
      ? href('content-page', { pageId: pageSlug })
      : href('policy', { policyCode: pageSlug });
  return withMeta(context, { page }, (data, matches) => articleMeta(matches, data.page, pathOf));
}
