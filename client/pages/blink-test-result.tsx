import { BlinkResult } from '../components/diagnostics/blink-result';
import type { Route } from '../routes/+types/blink-test-result';

export default function BlinkTestResultScreen({ loaderData }: Route.ComponentProps) {
  return <BlinkResult {...loaderData} />;
}
