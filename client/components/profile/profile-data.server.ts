import type { AppLoadContext } from 'react-router';
import {
  profilePaths,
  type DeliveryAddressList,
  type PaymentMethodList,
  type ProfileInfo,
} from '../../../shared/contracts/profile';
import { requirePlatform } from '../../lib/platform-answer.server';
import { addressLine } from '../checkout/address-choice';
import { cardLabel } from '../checkout/card-label';

// What the profile screens show, from the profile service with the shopper's token. These are the
// data the screens cannot render without: a failure is the route's error screen.
export const loadInfo = (context: AppLoadContext) =>
  requirePlatform<ProfileInfo>(context.platform, { path: profilePaths.info });

export const loadAddresses = async (context: AppLoadContext) =>
  (await requirePlatform<DeliveryAddressList>(context.platform, { path: profilePaths.addresses }))
    .items;

export const loadCards = async (context: AppLoadContext) =>
  (
    await requirePlatform<PaymentMethodList>(context.platform, {
      path: profilePaths.paymentMethods,
    })
  ).items;

/**
 * The overview: who, and how many addresses and cards, fetched in parallel. The defaults travel
 * as the text their tiles show, not as whole records: the page's data script carries only what
 * it reads.
 */
export async function loadOverview(context: AppLoadContext) {
  const [info, addresses, cards] = await Promise.all([
    loadInfo(context),
    loadAddresses(context),
    loadCards(context),
  ]);
  const defaultAddress = addresses.find((address) => address.isDefault);
  const defaultCard = cards.find((card) => card.isDefault);
  return {
    info,
    addressCount: addresses.length,
    defaultAddress: defaultAddress ? addressLine(defaultAddress) : null,
    cardCount: cards.length,
    defaultCard: defaultCard ? cardLabel(defaultCard) : null,
  };
}
export type ProfileOverview = Awaited<ReturnType<typeof loadOverview>>;
