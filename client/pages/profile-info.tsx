import { InfoForm } from '../components/profile/info-form';
import { ProfilePart } from '../components/profile/profile-part';
import { resultOf } from '../components/profile/profile-result';
import type { Route } from '../routes/+types/profile-info';

export default function ProfileInfoScreen({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProfilePart title="Your details" answered={Boolean(actionData)}>
      <InfoForm info={loaderData.info} result={resultOf(actionData, 'save-info')} />
    </ProfilePart>
  );
}
