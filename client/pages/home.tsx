import { HomeBlocks } from '../components/content/home-blocks';
import type { Route } from '../routes/+types/home';

export default function HomeScreen({ loaderData }: Route.ComponentProps) {
  return <HomeBlocks blocks={loaderData.blocks} />;
}
