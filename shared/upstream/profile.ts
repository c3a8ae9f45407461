import { z } from 'zod';
import { BlinkReport, StoredBlinkReport } from '../contracts/blink';
import * as profile from '../contracts/profile';
import { service } from './define';
import { collection, mine } from './shopper-ops';

// profile (name, addresses, cards) and diagnostics (blink-test reports).
const profileScreens = [
  'profile',
  'profile-info',
  'delivery-addresses',
  'payment-methods',
] as const;
export const profileOperations = service('profile', [
  mine({
    method: 'GET',
    path: '/info',
    summary: 'The shopper’s name and phone',
    answers: { 200: profile.ProfileInfo },
    requiredFor: ['profile', 'profile-info'],
  }),
  mine({
    method: 'PUT',
    path: '/info',
    summary: 'Change name and phone',
    body: profile.ProfileInfoInput,
    answers: { 200: profile.ProfileInfo },
    requiredFor: ['profile-info'],
  }),
  ...collection(
    '/addresses',
    'delivery address',
    {
      list: profile.DeliveryAddressList,
      item: profile.DeliveryAddress,
      input: profile.DeliveryAddressInput,
    },
    { required: ['delivery-addresses', 'checkout', 'smart-cart'], optional: [...profileScreens] },
  ),
  ...collection(
    '/payment-methods',
    'payment method',
    {
      list: profile.PaymentMethodList,
      item: profile.PaymentMethod,
      input: profile.PaymentMethodInput,
      update: profile.PaymentMethodUpdate,
    },
    { required: ['payment-methods', 'checkout', 'smart-cart'], optional: [...profileScreens] },
  ),
]);

const Cid = z.object({ cid: z.string().regex(/^[A-Za-z0-9]{32}$/) });
export const diagnosticsOperations = service('diagnostics', [
  {
    method: 'PUT',
    path: '/blink-reports/{cid}',
    summary: 'Store a blink-test report',
    callers: ['page'],
    auth: 'none',
    params: Cid,
    body: BlinkReport,
    answers: { 204: null },
    requiredFor: [],
    optionalFor: ['blink-test-result'],
  },
  {
    method: 'GET',
    path: '/blink-reports/{cid}',
    summary: 'A blink-test report',
    callers: ['page'],
    auth: 'none',
    params: Cid,
    answers: { 200: StoredBlinkReport },
    errors: [404],
    requiredFor: [],
    optionalFor: ['blink-test-result'],
  },
]);
