import type { BlinkCheck } from '../../../shared/contracts/blink';

// The checks of a blink-test report, one row each, on /blink-test and /blink-test/result.
const STATUS_TEXT: Record<BlinkCheck['status'], string> = {
  ok: 'OK',
  failed: 'Failed',
  'not-checked': 'Not checked',
};

export function BlinkChecksTable({ checks }: { checks: readonly BlinkCheck[] }) {
  return (
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
  );
}
