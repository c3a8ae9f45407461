import { idParam, madeAndDeleted, type Step } from './types';

// The test account's profile: its details read and written back unchanged, and an address and a
// card made, changed and deleted.
const ADDRESS = {
  name: 'Conformance Check',
  line1: '1 Test Street',
  line2: '',
  postcode: '1000',
  city: 'Testville',
  country: 'Testland',
  phone: '',
  instructions: '',
  isDefault: false,
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
    body: () => ADDRESS,
    during: [
      {
        op: 'profilePutAddressesById',
        token: 'account',
        needs: ['addressId'],
        params: idParam('addressId', 'id'),
        body: () => ({ ...ADDRESS, instructions: 'Ring twice' }),
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
