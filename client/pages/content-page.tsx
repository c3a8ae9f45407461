import { ContentArticle } from '../components/content/content-article';
import type { Route } from '../routes/+types/content-page';

export default function ContentPageScreen({ loaderData }: Route.ComponentProps) {
  return <ContentArticle page={loaderData.page} />;
}
