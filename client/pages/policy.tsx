import { ContentArticle } from '../components/content/content-article';
import type { Route } from '../routes/+types/policy';

export default function PolicyScreen({ loaderData }: Route.ComponentProps) {
  return <ContentArticle page={loaderData.page} />;
}
