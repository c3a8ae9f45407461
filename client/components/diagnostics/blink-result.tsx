import { Form, Link } from 'react-router';
import type { ShownBlinkReport } from './blink-facts';
import { BlinkChecksTable } from './blink-checks-table';

// The /blink-test/result screen: one stored report, or a form to open one by its code (CID).
export function BlinkResult({
  cid,
  stored,
  problem,
}: {
  cid: string;
  stored: ShownBlinkReport | null;
  problem: string | null;
}) {
  return (
    <section className="blink-test" aria-labelledby="blink-title">
      <h1 id="blink-title">Blink test result</h1>
      {stored ? <Report stored={stored} /> : null}
      {problem && <p role="alert">{problem}</p>}
      <Form method="get" className="blink-open">
        <label htmlFor="blink-cid">Open a report by its code (CID)</label>
        <input
          id="blink-cid"
          name="cid"
          defaultValue={stored ? '' : cid}
          required
          minLength={32}
          maxLength={32}
          autoComplete="off"
          spellCheck={false}
        />
        <button type="submit" className="button">
          Open
        </button>
      </Form>
      <p>
        <Link to="/blink-test" reloadDocument>
          Test this browser again
        </Link>
      </p>
    </section>
  );
}

function Report({ stored }: { stored: ShownBlinkReport }) {
  const { report, facts } = stored;
  const count = (status: string) => report.checks.filter((c) => c.status === status).length;
  return (
    <section aria-label="Report">
      <p data-test="blink-summary">
        {count('failed') === 0 ? 'Nothing failed' : `${count('failed')} failed`}, {count('ok')} OK,{' '}
        {count('not-checked')} not checked.
      </p>
      <dl className="blink-facts">
        <dt>Code (CID)</dt>
        <dd>
          <code data-test="blink-cid">{stored.cid}</code>
        </dd>
        <dt>Saved</dt>
        <dd>
          <time dateTime={stored.createdAt}>
            {stored.createdAt.replace('T', ' ').slice(0, 19)} UTC
          </time>
        </dd>
        <dt>JavaScript</dt>
        <dd>{report.javascript ? 'on' : 'off'}</dd>
        <dt>Round trip</dt>
        <dd>{facts.roundTrip}</dd>
        <dt>Clock skew</dt>
        <dd>{facts.clockSkew}</dd>
        <dt>Browser</dt>
        <dd>{facts.browser}</dd>
      </dl>
      <BlinkChecksTable checks={report.checks} />
    </section>
  );
}
