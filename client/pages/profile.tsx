import type { SignInMethodsResult } from '../components/account/sign-in-methods.server';
import { SignInMethodsPanel } from '../components/account/sign-in-methods';
import { ProfileOverview } from '../components/profile/profile-overview';
import type { Route } from '../routes/+types/profile';

export default function ProfileScreen({ loaderData, actionData }: Route.ComponentProps) {
  const { overview, signInMethods, done } = loaderData;
  return (
    <>
      <ProfileOverview overview={overview} />
      {signInMethods && (
        <SignInMethodsPanel
          methods={signInMethods}
          result={(actionData as SignInMethodsResult | undefined) ?? null}
          done={done}
        />
      )}
    </>
  );
}
