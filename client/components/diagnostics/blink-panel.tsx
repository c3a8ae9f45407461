import { useEffect, useRef, useState } from 'react';
import { Form, useFetcher } from 'react-router';
import type { BlinkReport } from '../../../shared/contracts/blink';
import { BlinkChecksTable } from './blink-checks-table';

// The /blink-test screen. With JavaScript: "Checking…", then the results while they are saved
// under the page's CID, then the result page. Without: what the server saw, each browser check
// "Not checked: JavaScript off", and a button that saves that report. (Not a <noscript>: Chromium
// with scripts turned off by policy still hides its content, and so do some crawlers.)
type Phase =
  | { name: 'idle' }
  | { name: 'running' }
  | { name: 'ran'; report: BlinkReport }
  | { name: 'broken'; message: string };

export function BlinkPanel({
  cid,
  proof,
  hasSession,
  serverReport,
  refused,
}: {
  /** The code for support: the CID the gateway gave this page, with its proof (ADR 0244). */
  cid: string;
  proof: string;
  hasSession: boolean;
  serverReport: BlinkReport;
  refused: string | null;
}) {
  const fetcher = useFetcher<{ message?: string }>();
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    setPhase({ name: 'running' });
    import('./blink-run')
      .then(({ runBlink }) => runBlink(hasSession))
      .then((report) => {
        setPhase({ name: 'ran', report });
        void fetcher.submit({ cid, proof, report: JSON.stringify(report) }, { method: 'post' });
      })
      .catch((error: unknown) => setPhase({ name: 'broken', message: String(error) }));
    // Once per visit of the page; fetcher is stable enough for a single submit.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const saveProblem = fetcher.data?.message ?? refused;
  return (
    <section className="blink-test" aria-labelledby="blink-title">
      <h1 id="blink-title">Does the shop work in this browser?</h1>
      <p>
        Your code for support: <code data-test="blink-cid">{cid}</code>
      </p>
      {phase.name === 'idle' && (
        // What a browser without JavaScript keeps seeing (a browser with it, until it hydrates).
        <div className="blink-server-view">
          <p>
            JavaScript is off or has not run yet, so only what the shop&apos;s server saw is
            checked. Send this report if support asked for it.
          </p>
          <BlinkChecksTable checks={serverReport.checks} />
          <Form method="post" reloadDocument>
            <input type="hidden" name="cid" value={cid} />
            <input type="hidden" name="proof" value={proof} />
            <button type="submit" className="button primary">
              Send this report to the shop
            </button>
          </Form>
        </div>
      )}
      {phase.name === 'running' && <p role="status">Checking this browser…</p>}
      {phase.name === 'broken' && <p role="alert">The checks stopped: {phase.message}</p>}
      {phase.name === 'ran' && (
        <>
          <p role="status">
            {saveProblem
              ? `The report was not saved: ${saveProblem}`
              : 'Saving the report under your code…'}
          </p>
          <BlinkChecksTable checks={phase.report.checks} />
        </>
      )}
      {refused && phase.name === 'idle' && <p role="alert">{refused}</p>}
    </section>
  );
}
