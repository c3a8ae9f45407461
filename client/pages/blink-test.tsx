import { BlinkPanel } from '../components/diagnostics/blink-panel';
import type { Route } from '../routes/+types/blink-test';

export default function BlinkTestScreen({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <BlinkPanel
      cid={loaderData.cid}
      proof={loaderData.proof}
      hasSession={loaderData.hasSession}
      serverReport={loaderData.serverReport}
      refused={actionData?.message ?? null}
    />
  );
}
