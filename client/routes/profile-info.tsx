import { useLocation, useSearchParams } from 'react-router';
import { RouteErrorScreen } from '../components/error-screens';
import { DoneNotice } from '../components/forms/form-field';
import { infoAction } from '../components/profile/info-action.server';
import { InfoForm } from '../components/profile/info-form';
import { ProfileBack } from '../components/profile/profile-overview';
import { loadInfo } from '../components/profile/profile-data.server';
import { doneNotice, resultOf } from '../components/profile/profile-result';
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
  const [search] = useSearchParams();
  return (
    <section className="profile-screen account-screen" aria-labelledby="screen-title">
      <ProfileBack />
      <h1 id="screen-title">Your details</h1>
      <DoneNotice message={actionData ? null : doneNotice(search)} />
      <InfoForm info={loaderData.info} result={resultOf(actionData, 'save-info')} />
    </section>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return <RouteErrorScreen error={error} path={useLocation().pathname} />;
}
