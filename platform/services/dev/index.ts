import { z } from 'zod';

import { OUTBOX_TABLE, readOutbox } from '../../mail/outbox';
import { keepBounded } from '../retention-sweep';
import type { ServicePlugin } from '../service';

// Development-only endpoints: the e-mail outbox, so tests and the demo can follow activation and
// reset links. Not registered at all when dev endpoints are off (production), so they are a 404;
// the outbox is kept to its bound either way (docs/decisions/0359).
const OutboxQuery = z.object({
  to: z.string().trim().email().optional(),
  kind: z.enum(['activation', 'account-exists', 'password-reset', 'order-confirmation']).optional(),
  tenant: z.string().max(100).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(50),
});

const dev: ServicePlugin = async (app, { db, config }) => {
  // Bounded whether it is listed or not: uaa and orders write to it in production too.
  keepBounded(app, db, OUTBOX_TABLE, config.outboxRetention);
  if (!config.devEndpoints) return;
  app.get(
    '/outbox',
    {
      schema: {
        summary: 'E-mails the platform has sent, newest first (development only)',
        tags: ['dev'],
        querystring: OutboxQuery,
      },
    },
    async (request, reply) => {
      const query = request.query;
      reply.header('cache-control', 'no-store');
      return {
        messages: await readOutbox(db, {
          to: query.to,
          kind: query.kind,
          tenantId: query.tenant,
          limit: query.limit,
        }),
      };
    },
  );
};
export default dev;
