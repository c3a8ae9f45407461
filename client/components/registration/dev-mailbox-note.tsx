import { Link } from 'react-router';

// On the sign-in screens of a shop in development (DEV_MAILBOX=on, docs/decisions/0273): where the
// activation and reset e-mails this shop sends no further can be read.
export function DevMailboxNote() {
  return (
    <p className="dev-mailbox-note">
      This shop runs for development and sends no e-mail: activation and password reset links are in
      its <Link to="/dev/mail">development mailbox</Link>.
    </p>
  );
}
