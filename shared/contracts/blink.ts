import { z } from 'zod';

// A /blink-test report ("does the shop work in this browser?", issue #7 item 5): what the browser
// checked, each with its outcome. Stored by the platform under the page's CID.
export const BlinkCheck = z.object({
  id: z.string().regex(/^[a-z0-9-]{1,40}$/),
  label: z.string().max(80),
  status: z.enum(['ok', 'failed', 'not-checked']),
  detail: z.string().max(300),
});
export type BlinkCheck = z.infer<typeof BlinkCheck>;

export const BlinkReport = z.object({
  checks: z.array(BlinkCheck).max(40),
  userAgent: z.string().max(400),
  /** false: the page was sent without running its script (what could not be checked is listed). */
  javascript: z.boolean(),
  clockSkewMs: z.number().finite().nullable(),
  roundTripMs: z.number().finite().min(0).nullable(),
});
export type BlinkReport = z.infer<typeof BlinkReport>;

export const StoredBlinkReport = z.object({
  cid: z.string(),
  createdAt: z.string(),
  report: BlinkReport,
});
export type StoredBlinkReport = z.infer<typeof StoredBlinkReport>;
