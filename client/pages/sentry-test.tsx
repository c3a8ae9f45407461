import { SentryTestPanel } from '../components/diagnostics/sentry-test-panel';
import type { Route } from '../routes/+types/sentry-test';

export default function SentryTestScreen({ loaderData, actionData }: Route.ComponentProps) {
  return <SentryTestPanel reporting={loaderData.reporting} serverResult={actionData ?? null} />;
}
