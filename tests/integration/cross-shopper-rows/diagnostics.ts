import { blinkReport } from '../cross-shopper-worlds';
import type { Row } from './row';

// The rows of the cross-shopper table (../cross-shopper-table.ts) for diagnostics: the blink
// report stored under A's CID.
export const DIAGNOSTICS_ROWS: readonly Row[] = [
  {
    op: 'diagnosticsPutBlinkReportsByCid',
    kind: 'names',
    note: 'insert-only: a second report under a CID is refused (409), whoever sends it',
    ask: (a) => ({ params: { cid: a.blinkCid }, body: blinkReport('overwritten') }),
    refusals: [409],
    reveals: 'whoever sends a report under a CID taken learns that one is there (ADR 0244)',
    control: (a) => ({
      params: { cid: a.blinkCid.replace(/^./, 'Z') },
      body: blinkReport('a new one'),
    }),
  },
  {
    op: 'diagnosticsGetBlinkReportsByCid',
    kind: 'names',
    // Support reads a report by the CID the shopper quotes: anyone of the shop may, with the CID
    // (the gateway's page asks for the proof only its browser has, diagnostics-reports.test.ts).
    // Another shop may not.
    only: ['shopper of the other shop', 'owner on the other shop'],
    ask: (a) => ({ params: { cid: a.blinkCid } }),
  },
];
