import { Form, Link } from 'react-router';
import { useCid } from '../../lib/cid-context';
import { BrowserTests } from './browser-tests';

// The buttons of /sentry-test, a section of the layout's one <main> (issue #29 item 5). Each result names the CID of the request that failed and the id of
// the report it produced, to look up in the error inbox (GET /dev/errors) or in Sentry.
export type ServerResult = { cid: string; eventId: string | null; limited: boolean };

export function SentryTestPanel({
  reporting,
  serverResult,
}: {
  reporting: { server: boolean; browser: boolean };
  serverResult: ServerResult | null;
}) {
  const cid = useCid();
  return (
    <section className="sentry-test" aria-labelledby="sentry-test-title">
      <h1 id="sentry-test-title">Error reporting test</h1>
      <p>
        Server reporting is <strong>{reporting.server ? 'on' : 'off'}</strong>; browser reporting is{' '}
        <strong>{reporting.browser ? 'on' : 'off'}</strong>. Page CID: <code>{cid}</code>
      </p>
      <ul className="sentry-test-actions">
        <BrowserTests pageCid={cid} />
        <li>
          <Link to="?raise=loader" className="button" data-test="loader-error">
            Raise a loader error
          </Link>
        </li>
        <li>
          <Form method="post">
            <button
              type="submit"
              name="intent"
              value="server"
              className="button"
              data-test="server-error"
            >
              Raise a server exception
            </button>
          </Form>
          {serverResult && (
            <p className="sentry-test-result" data-test="server-result">
              {serverResult.limited ? 'Too many test errors; wait a minute. ' : 'Reported. '}
              CID <code>{serverResult.cid}</code>, event id{' '}
              <code>{serverResult.eventId ?? 'none (reporting is off)'}</code>
            </p>
          )}
        </li>
      </ul>
    </section>
  );
}
