import { idParam, madeAndDeleted, type State, type Step } from './types';

// The test account's profile: its details read and written back unchanged, and an address and a
// card made, changed and deleted.
// An address the shop delivers to (ADR 0340): in its first delivery country, a postcode of that
// country's shape (a UK or an Irish one, else letters and digits); Ireland when it names none.
const POSTCODES: Record<string, string> = { IE: 'D02 X285', GB: 'SW1A 1AA' };
const address = (s: State) => {
  const country = s.deliveryCountry ?? 'IE';
  return {
    name: 'Conformance Check',
    line1: '1 Test Street',
    line2: '',
    postcode: POSTCODES[country] ?? '1000',
    city: 'Testville',
    country,
    phone: '',
    instructions: '',
    isDefault: false,
  };
};
const CARD = {
  cardNumber: '4242424242424242',
  expiryMonth: 12,
  expiryYear: new Date().getUTCFullYear() + 3,
  holderName: 'Conformance Check',
  isDefault: false,
};

export const PROFILE_STEPS: readonly Step[] = [
  { op: 'profileGetInfo', token: 'account', keep: (s, b) => void (s.info = b) },
  {
    op: 'profilePutInfo',
    token: 'account',
    // The account's own values, sent back unchanged.
    body: ({ info }) => ({
      firstName: info?.firstName || 'Test',
      lastName: info?.lastName || 'Shopper',
      phone: info?.phone ?? '',
    }),
  },
  ...madeAndDeleted({
    list: 'profileGetAddresses',
    create: 'profilePostAddresses',
    remove: 'profileDeleteAddressesById',
    key: 'addressId',
    param: 'id',
    body: address,
    during: [
      {
        op: 'profilePutAddressesById',
        token: 'account',
        needs: ['addressId'],
        params: idParam('addressId', 'id'),
        body: (s) => ({ ...address(s), instructions: 'Ring twice' }),
      },
    ],
  }),
  ...madeAndDeleted({
    list: 'profileGetPaymentMethods',
    create: 'profilePostPaymentMethods',
    remove: 'profileDeletePaymentMethodsById',
    key: 'cardId',
    param: 'id',
    body: () => CARD,
    during: [
      {
        op: 'profilePutPaymentMethodsById',
        token: 'account',
        needs: ['cardId'],
        params: idParam('cardId', 'id'),
        body: () => ({ isDefault: true }),
      },
    ],
  }),
];
