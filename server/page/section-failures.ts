import type { FastifyRequest } from 'fastify';

// A non-essential section of a page (home blocks, related products, ...) failed and was left out:
// the page renders without it (issue #12 item 7). Each failure is logged here with the request's
// CID, and handed to the reporters subscribed with onSectionFailure: error reporting (Sentry)
// subscribes there, so a missing section is seen even though the shopper gets a 200.
export type SectionFailure = {
  cid: string;
  section: string;
  /** Upstream HTTP status when the section failed on an answer; null for a fault or an exception. */
  status: number | null;
  path: string | null;
  message: string;
};

type Reporter = (failure: SectionFailure) => void;
const reporters = new Set<Reporter>();

/** Subscribes a reporter; returns the unsubscribe function. */
export function onSectionFailure(reporter: Reporter): () => void {
  reporters.add(reporter);
  return () => reporters.delete(reporter);
}

export function sectionFailed(request: FastifyRequest, section: string, error: unknown): void {
  const failure: SectionFailure = {
    cid: request.cid,
    section,
    status: statusOf(error),
    path: pathOf(error),
    message: error instanceof Error ? error.message : 'section failed',
  };
  request.log.warn(
    {
      section,
      status: failure.status,
      path: failure.path,
      err: error instanceof Error ? error : undefined,
    },
    'optional section left out',
  );
  for (const report of reporters) {
    try {
      report(failure);
    } catch (reportError) {
      request.log.error({ err: reportError }, 'section failure reporter failed');
    }
  }
}

// SectionFetchError carries `status`; React Router's data() carries `init.status`.
function statusOf(error: unknown): number | null {
  const value = error as { status?: unknown; init?: { status?: unknown } } | null;
  const status = value?.status ?? value?.init?.status;
  return typeof status === 'number' ? status : null;
}

function pathOf(error: unknown): string | null {
  const path = (error as { path?: unknown } | null)?.path;
  return typeof path === 'string' ? path : null;
}
