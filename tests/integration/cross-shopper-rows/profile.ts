import { address } from '../cross-shopper-worlds';
import type { Row } from './row';

// The rows of the cross-shopper table (../cross-shopper-table.ts) for the profile: A's details,
// addresses and cards.
export const PROFILE_ROWS: readonly Row[] = [
  { op: 'profileGetInfo', kind: 'own', ask: () => ({}) },
  {
    op: 'profilePutInfo',
    kind: 'own',
    ask: () => ({ body: { firstName: 'Someone', lastName: 'Else', phone: '' } }),
    spends: true,
  },
  { op: 'profileGetAddresses', kind: 'own', ask: () => ({}) },
  { op: 'profilePostAddresses', kind: 'own', ask: () => ({ body: address }) },
  {
    op: 'profilePutAddressesById',
    kind: 'names',
    ask: (a) => ({ params: { id: a.addressId }, body: address }),
    spends: true,
  },
  {
    op: 'profileDeleteAddressesById',
    kind: 'names',
    ask: (a) => ({ params: { id: a.addressId } }),
    spends: true,
  },
  { op: 'profileGetPaymentMethods', kind: 'own', ask: () => ({}) },
  {
    op: 'profilePostPaymentMethods',
    kind: 'own',
    ask: () => ({
      body: { cardNumber: '5555555555554444', expiryMonth: 1, expiryYear: 2098, holderName: 'S' },
    }),
  },
  {
    op: 'profilePutPaymentMethodsById',
    kind: 'names',
    ask: (a) => ({ params: { id: a.cardId }, body: { isDefault: true } }),
  },
  {
    op: 'profileDeletePaymentMethodsById',
    kind: 'names',
    ask: (a) => ({ params: { id: a.cardId } }),
    spends: true,
  },
];
