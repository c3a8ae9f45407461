import type { EarlyDocument } from './early-document';
import type { PageOutcome } from './page-render';

/** After an early head (ADR 0271): the rest of the document, whatever the page turned out to be. */
export function finishAfterHead(outcome: PageOutcome, early: EarlyDocument): void {
  if (outcome.kind === 'template') return early.document(200, outcome.html);
  if (outcome.kind === 'router-error') return early.failed();
  const { response, rendered } = outcome;
  const location = response.headers.get('location');
  if (response.status >= 300 && response.status < 400 && location)
    return early.redirect(response.status, location);
  if (rendered === null) return early.failed();
  return early.document(response.status, rendered.html);
}
