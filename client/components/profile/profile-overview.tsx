import { Link } from 'react-router';
import { href } from '../../../shared/href';
import { addressLine } from '../checkout/address-choice';
import { cardLabel } from '../checkout/payment-choice';
import type { ProfileOverview as Overview } from './profile-data.server';

// /profile: who is signed in and a tile per part of the account, each saying what it holds.
export function ProfileOverview({ overview }: { overview: Overview }) {
  const { info, defaultAddress, defaultCard } = overview;
  const name = [info.firstName, info.lastName].filter(Boolean).join(' ');
  const count = (n: number, one: string, many: string) => (n === 1 ? `1 ${one}` : `${n} ${many}`);
  return (
    <section className="profile-screen" aria-labelledby="screen-title">
      <div>
        <h1 id="screen-title">Your profile</h1>
        <p>{name ? `${name}, ${info.email}` : info.email}</p>
      </div>
      <ul className="profile-tiles">
        <li>
          <Link to={href('profile-info')} className="profile-tile">
            <strong>Your details</strong>
            <span>
              {name || 'Add your name'}
              {info.phone ? ` · ${info.phone}` : ''}
            </span>
          </Link>
        </li>
        <li>
          <Link to={href('delivery-addresses')} className="profile-tile">
            <strong>Delivery addresses</strong>
            <span>{count(overview.addressCount, 'address', 'addresses')}</span>
            {defaultAddress ? (
              <span className="choice-detail">Default: {addressLine(defaultAddress)}</span>
            ) : null}
          </Link>
        </li>
        <li>
          <Link to={href('payment-methods')} className="profile-tile">
            <strong>Payment methods</strong>
            <span>{count(overview.cardCount, 'card', 'cards')}</span>
            {defaultCard ? (
              <span className="choice-detail">Default: {cardLabel(defaultCard)}</span>
            ) : null}
          </Link>
        </li>
        <li>
          <Link to={href('order-list')} className="profile-tile">
            <strong>Your orders</strong>
            <span>Past and coming deliveries</span>
          </Link>
        </li>
        <li>
          <Link to={href('shopping-lists')} className="profile-tile">
            <strong>Shopping lists</strong>
            <span>Lists you keep for next time</span>
          </Link>
        </li>
      </ul>
    </section>
  );
}

/** The way back to the overview from its parts. */
export function ProfileBack() {
  return (
    <p className="profile-back">
      <Link to={href('profile')}>← Your profile</Link>
    </p>
  );
}
