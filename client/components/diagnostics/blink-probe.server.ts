import { BLINK_SERVICE_PROBES, type BlinkServiceAnswers } from '../../../shared/contracts/blink';
import type { PlatformClient } from '../../../shared/load-context';

// The service half of /blink-test, run by the gateway (ADR 0273). The browser used to call each
// service through the proxy without cookies, and a guest's browser wrote every 401 to its console
// as an error; the gateway now asks them and hands the browser their statuses in one answer.
// All at once: the page waits for the slowest, not for the sum.
export async function probeServices(
  platform: PlatformClient,
  tenantId: string,
): Promise<BlinkServiceAnswers> {
  const answers = await Promise.all(
    BLINK_SERVICE_PROBES.map(({ path }) =>
      platform.call({ path: path.replace('{tenantId}', encodeURIComponent(tenantId)) }).then(
        (answer) => answer.status,
        // A network fault or the deadline: the service did not answer.
        () => null,
      ),
    ),
  );
  return {
    services: Object.fromEntries(
      BLINK_SERVICE_PROBES.map(({ service }, i) => [service, answers[i]!]),
    ),
  };
}
