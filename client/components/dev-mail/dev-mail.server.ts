import type { PlatformClient } from '../../../shared/load-context';
import { askPlatform } from '../../lib/platform-answer.server';

// The development mailbox's reading of the platform's outbox (GET /dev/outbox, a development
// endpoint outside the upstream contract): this shop's newest e-mails, or those to one address.
export type DevMail = {
  id: number;
  to: string;
  kind: string;
  subject: string;
  body: string;
  link: string | null;
  createdAt: string;
};

export type DevMailbox =
  { ok: true; messages: DevMail[] } | { ok: false; status: 400 | 503; problem: string };

const SHOWN = 20;
// The outbox's own check is stricter; this one only keeps obvious typing slips off the platform.
const EMAIL = /^[^\s@]{1,64}@[^\s@]{1,253}$/;

export async function readDevMailbox(
  platform: PlatformClient,
  tenantId: string,
  to: string,
): Promise<DevMailbox> {
  if (to !== '' && !EMAIL.test(to))
    return { ok: false, status: 400, problem: 'Enter an e-mail address, or nothing for all.' };
  const query = new URLSearchParams({ tenant: tenantId, limit: String(SHOWN) });
  if (to !== '') query.set('to', to);
  const answer = await askPlatform<{ messages: DevMail[] }>(platform, {
    path: `/dev/outbox?${query}`,
  });
  if (answer.ok) return { ok: true, messages: answer.body.messages.map(shown) };
  if (answer.status === 400) return { ok: false, status: 400, problem: answer.message };
  // 404: the platform's development endpoints are off (PLATFORM_DEV_ENDPOINTS).
  return {
    ok: false,
    status: 503,
    problem:
      answer.status === 404
        ? 'The platform keeps no outbox: its development endpoints are off.'
        : answer.message,
  };
}

const shown = ({ id, to, kind, subject, body, link, createdAt }: DevMail): DevMail => ({
  id,
  to,
  kind,
  subject,
  body,
  link,
  createdAt,
});
