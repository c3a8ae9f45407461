import { Form } from 'react-router';
import type { Route } from '../routes/+types/dev-mail';

// The development mailbox: this shop's e-mails as a mail client would list them, each with the
// link it carries (at the shop's configured origin, SHOP_ORIGINS).
const sentAt = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;

export default function DevMailScreen({ loaderData }: Route.ComponentProps) {
  const { to, messages, problem } = loaderData;
  return (
    <section className="dev-mail" aria-labelledby="dev-mail-title">
      <h1 id="dev-mail-title">Development mailbox</h1>
      <p>
        This shop runs for development and sends no e-mail. What it would have sent is here, newest
        first: account activation, password reset and order confirmation. A shop in production has
        no such page.
      </p>
      <Form method="get" className="dev-mail-filter">
        <label htmlFor="dev-mail-to">Sent to</label>
        <input id="dev-mail-to" name="to" type="email" defaultValue={to} autoComplete="off" />
        <button type="submit" className="button">
          Show
        </button>
      </Form>
      {problem ? (
        <p className="form-error" role="alert">
          {problem}
        </p>
      ) : messages.length === 0 ? (
        <p>{`No e-mail${to ? ` to ${to}` : ''} yet.`}</p>
      ) : (
        <ol className="dev-mail-list">
          {messages.map((mail) => (
            <li key={mail.id}>
              <article aria-labelledby={`mail-${mail.id}`}>
                <h2 id={`mail-${mail.id}`}>{mail.subject}</h2>
                <p className="dev-mail-meta">
                  {`To ${mail.to}, `}
                  <time dateTime={mail.createdAt}>{sentAt(mail.createdAt)}</time>
                </p>
                <pre className="dev-mail-body">{mail.body}</pre>
                {mail.link && (
                  <p>
                    <a href={mail.link}>{mail.link}</a>
                  </p>
                )}
              </article>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
