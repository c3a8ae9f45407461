import { request as undiciRequest } from 'undici';
import type { ForwardedEvent } from './events';

// The sink consented events go to (ANALYTICS_SINK_URL; default the platform's analytics inbox):
// one JSON POST per batch, nothing of the shopper's request with it (no cookie, no token, no
// address). True when the sink took it.
export async function forwardEvents(sinkUrl: string, events: ForwardedEvent[]): Promise<boolean> {
  const answer = await undiciRequest(sinkUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ events }),
    headersTimeout: 5_000,
    bodyTimeout: 5_000,
  });
  await answer.body.dump();
  return answer.statusCode < 400;
}
