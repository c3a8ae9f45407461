import { data } from 'react-router';
import { z } from 'zod';
import {
  BLINK_BROWSER_CHECKS,
  BLINK_CID,
  BlinkReport,
  NOT_CHECKED_NO_JS,
  StoredBlinkReport,
  type BlinkCheck,
} from '../../../shared/contracts/blink';
import type { PlatformClient } from '../../../shared/load-context';
import { platformMessage } from '../../lib/platform-answer.server';
import { blinkFacts, type ShownBlinkReport } from './blink-facts';
import { inShopWords } from './blink-words';

// The server half of /blink-test (docs/decisions/0173): what the gateway itself can tell about the
// browser, the report of a browser that ran no script, and the reports' storage on the platform
// (diagnostics service, keyed by the page's CID, so any replica and support can read them).
const path = (cid: string) => `/api/services/diagnostics/api/v1/blink-reports/${cid}`;

/** The report of a browser that did not run the page's script: what the server saw, and the rest. */
export function serverSideReport(request: Request): BlinkReport {
  const sentCookies = (request.headers.get('cookie') ?? '').trim() !== '';
  const checks = BLINK_BROWSER_CHECKS.map(({ id, label }): BlinkCheck => {
    if (id === 'gateway')
      return { id, label, status: 'ok', detail: 'This page came from the shop server' };
    if (id === 'cookies' && sentCookies)
      return { id, label, status: 'ok', detail: 'This browser sent cookies to the shop' };
    return { id, label, status: 'not-checked', detail: NOT_CHECKED_NO_JS };
  });
  return {
    checks,
    userAgent: (request.headers.get('user-agent') ?? '').slice(0, 400),
    javascript: false,
    clockSkewMs: null,
    roundTripMs: null,
  };
}

/** The /blink-test form as its action reads it: the page's code, its proof, the browser's report. */
export const BlinkReportForm = z.object({
  cid: z.string().regex(BLINK_CID).describe('The code (CID) the page was given'),
  proof: z.string().describe('The page’s proof that the shop gave it this code'),
  report: z
    .string()
    .optional()
    .describe('The browser’s checks as JSON (a BlinkReport); absent or empty: what the server saw'),
});

/** A report sent by the page's form: the browser's (JSON), or none (no JavaScript). */
export function submittedReport(form: FormData, request: Request): BlinkReport | null {
  const sent = form.get('report');
  if (typeof sent !== 'string' || sent === '') return serverSideReport(request);
  try {
    const parsed = BlinkReport.safeParse(JSON.parse(sent));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function isBlinkCid(value: unknown): value is string {
  return BlinkReportForm.shape.cid.safeParse(value).success;
}

/** Stores the first report under a CID; 'exists' when one is there already (kept as it is). */
export async function storeBlinkReport(
  platform: PlatformClient,
  cid: string,
  report: BlinkReport,
): Promise<'stored' | 'exists'> {
  const answer = await platform.call({ method: 'PUT', path: path(cid), body: report });
  if (answer.status === 409) return 'exists';
  if (!answer.ok) {
    throw data(
      { message: platformMessage(answer.body, answer.status) },
      { status: answer.status >= 500 ? 502 : answer.status },
    );
  }
  return 'stored';
}

/**
 * The stored report, in the shop's words (./blink-words.ts, ./blink-facts.ts: whoever saved it
 * chose its text and numbers), or null when there is none under this CID.
 */
export async function readBlinkReport(
  platform: PlatformClient,
  cid: string,
): Promise<ShownBlinkReport | null> {
  const answer = await platform.call({ path: path(cid) });
  if (answer.status === 404) return null;
  const stored = answer.ok ? StoredBlinkReport.safeParse(answer.body) : null;
  if (!stored?.success) {
    throw data(
      { message: platformMessage(answer.body, answer.status) },
      { status: answer.ok ? 502 : answer.status >= 500 ? 502 : answer.status },
    );
  }
  const { cid: storedCid, createdAt, report } = stored.data;
  const { checks, javascript } = inShopWords(report);
  return { cid: storedCid, createdAt, report: { checks, javascript }, facts: blinkFacts(report) };
}
