import type { BlinkCheck } from '../../../shared/contracts/blink';
import '../../styles/stacked-table.css';

// The checks of a blink-test report, one row each, on /blink-test and /blink-test/result.
const STATUS_TEXT: Record<BlinkCheck['status'], string> = {
  ok: 'OK',
  failed: 'Failed',
  'not-checked': 'Not checked',
};

export function BlinkChecksTable({ checks }: { checks: readonly BlinkCheck[] }) {
  return (
    // A scroll box of its own between a phone and a page wide enough, in the tab order to scroll
    // by keyboard; a card per check on a phone (stacked-table.css, ADR 0384).
    <div className="table-scroll" role="region" aria-label="Checks" tabIndex={0}>
      <table className="blink-checks stacked-table" role="table">
        <thead role="rowgroup">
          <tr role="row">
            <th scope="col" role="columnheader">
              Check
            </th>
            <th scope="col" role="columnheader">
              Result
            </th>
            <th scope="col" role="columnheader">
              Detail
            </th>
          </tr>
        </thead>
        <tbody role="rowgroup">
          {checks.map((check) => (
            <tr key={check.id} role="row" data-check={check.id} data-status={check.status}>
              <th scope="row" role="rowheader">
                {check.label}
              </th>
              <td role="cell" data-label="Result" className={`blink-status blink-${check.status}`}>
                {STATUS_TEXT[check.status]}
              </td>
              <td role="cell" data-label="Detail">
                {check.detail}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
