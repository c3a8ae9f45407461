import { appLink } from '../../lib/app-links';
import { href } from '../../../shared/href';
import { useCounts } from '../../lib/counted';
import type { ProfileOverview as Overview } from './profile-data.server';

// /profile: who is signed in and a tile per part of the account, each saying what it holds.
export function ProfileOverview({ overview }: { overview: Overview }) {
  const { info, defaultAddress, defaultCard } = overview;
  const name = [info.firstName, info.lastName].filter(Boolean).join(' ');
  const { number } = useCounts();
  const count = (n: number, one: string, many: string) =>
    n === 1 ? `1 ${one}` : `${number(n)} ${many}`;
  return (
    <section className="profile-screen" aria-labelledby="screen-title">
      <div>
        <h1 id="screen-title">Your profile</h1>
        <p>{name ? `${name}, ${info.email}` : info.email}</p>
      </div>
      <ul className="profile-tiles">
        <li>
          <a href={href('profile-info')} {...appLink} className="profile-tile">
            <strong>Your details</strong>
            <span>
              {name || 'Add your name'}
              {info.phone ? ` · ${info.phone}` : ''}
            </span>
          </a>
        </li>
        <li>
          <a href={href('delivery-addresses')} {...appLink} className="profile-tile">
            <strong>Delivery addresses</strong>
            <span>{count(overview.addressCount, 'address', 'addresses')}</span>
            {defaultAddress ? (
              <span className="choice-detail">Default: {defaultAddress}</span>
            ) : null}
          </a>
        </li>
        <li>
          <a href={href('payment-methods')} {...appLink} className="profile-tile">
            <strong>Payment methods</strong>
            <span>{count(overview.cardCount, 'card', 'cards')}</span>
            {defaultCard ? <span className="choice-detail">Default: {defaultCard}</span> : null}
          </a>
        </li>
        <li>
          <a href={href('order-list')} {...appLink} className="profile-tile">
            <strong>Your orders</strong>
            <span>Past and coming deliveries</span>
          </a>
        </li>
        <li>
          <a href={href('shopping-lists')} {...appLink} className="profile-tile">
            <strong>Shopping lists</strong>
            <span>Lists you keep for next time</span>
          </a>
        </li>
      </ul>
    </section>
  );
}

/** The way back to the overview from its parts. */
export function ProfileBack() {
  return (
    <p className="profile-back">
      <a href={href('profile')} {...appLink}>
        ← Your profile
      </a>
    </p>
  );
}
