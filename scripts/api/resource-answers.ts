import type { ZodType } from 'zod';
import { BlinkServiceAnswers } from '../../shared/contracts/blink';

// The page routes beside the route table whose module renders nothing (no default export): their
// GET answers JSON, described here from the schema the route's answer is typed with, as the
// screens' forms are in ./page-forms.ts. A route module without a screen and without an entry
// here fails `npm run api:docs`.
export const RESOURCE_ANSWERS: Record<
  string,
  { description: string; schema: ZodType; rateLimited?: boolean }
> = {
  'blink-test-services': {
    description:
      'The statuses the proxied services gave the gateway’s own cheap GET of each, for /blink-test’s script (null: no answer). Not stored (no-store); a budget per client address (ADR 0273).',
    schema: BlinkServiceAnswers,
    rateLimited: true,
  },
};
