import type { BlinkCheck } from '../../../shared/contracts/blink';

// The checks of a blink-test report, one row each, on /blink-test and /blink-test/result.
const STATUS_TEXT: Record<BlinkCheck['status'], string> = {
  ok: 'OK',
  failed: 'Failed',
  'not-checked': 'Not checked',
};

export function BlinkChecksTable({ checks }: { checks: readonly BlinkCheck[] }) {
  return (
    // A scroll box of its own on a narrow phone, in the tab order to scroll by keyboard.
    <div className="table-scroll" role="region" aria-label="Checks" tabIndex={0}>
      <table className="blink-checks">
        <thead>
          <tr>
            <th scope="col">Check</th>
            <th scope="col">Result</th>
            <th scope="col">Detail</th>
          </tr>
        </thead>
        <tbody>
          {checks.map((check) => (
            <tr key={check.id} data-check={check.id} data-status={check.status}>
              <th scope="row">{check.label}</th>
              <td className={`blink-status blink-${check.status}`}>{STATUS_TEXT[check.status]}</td>
              <td>{check.detail}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
