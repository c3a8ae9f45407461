import { HomeBlocks } from '../components/content/home-blocks';
import { DoneNotice } from '../components/forms/form-field';
import type { Route } from '../routes/+types/home';

export default function HomeScreen({ loaderData }: Route.ComponentProps) {
  return (
    <>
      {/* Where "Sign out" lands: the notice says it worked and starts with the focus, as a
          profile screen's notice does (docs/decisions/0315, 0383). */}
      <DoneNotice message={loaderData.signedOut ? 'You are signed out.' : null} />
      <HomeBlocks blocks={loaderData.blocks} />
    </>
  );
}
