import { useLocation } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { infoAction } from '../components/profile/info-action.server';
import { InfoForm } from '../components/profile/info-form';
import { ProfilePart } from '../components/profile/profile-part';
import { loadInfo } from '../components/profile/profile-data.server';
import { resultOf } from '../components/profile/profile-result';
import { guardRoute } from '../lib/route-guard.server';
import '../styles/forms.css';
import '../styles/profile.css';
import type { Route } from './+types/profile-info';

export async function loader(args: Route.LoaderArgs) {
  guardRoute('profile-info', args);
  return { info: await loadInfo(args.context) };
}

export async function action(args: Route.ActionArgs) {
  guardRoute('profile-info', args);
  return infoAction(args.context, await args.request.formData());
}

export const meta: Route.MetaFunction = () => [
  { title: 'Your details' },
  { name: 'robots', content: 'noindex' },
];

export default function ProfileInfoScreen({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <ProfilePart title="Your details" answered={Boolean(actionData)} className="account-screen">
      <InfoForm info={loaderData.info} result={resultOf(actionData, 'save-info')} />
    </ProfilePart>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
