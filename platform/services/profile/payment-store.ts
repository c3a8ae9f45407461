import type {
  PaymentMethod,
  PaymentMethodInput,
  PaymentMethodUpdate,
} from '../../../shared/contracts/profile';
import type { Db, Queryable } from '../../db/db';
import { notFound } from '../../http/errors';
import { newId, refuseBeyond, type Shopper } from '../orders/shopper';
import type { ShopperCollection } from '../shopper-collection';
import { cardBrand, lastFour, newCardToken } from './cards';
import { clearDefault, ensureDefault, lockEntries } from './default-flag';

const MAX_CARDS = 20;

type CardRow = {
  id: string;
  brand: PaymentMethod['brand'];
  last4: string;
  expiry_month: number;
  expiry_year: number;
  holder_name: string;
  is_default: boolean;
};

// Never `select *`: the token stays inside the platform.
async function listCards(
  q: Queryable,
  shopper: Shopper,
  id: string | null = null,
): Promise<PaymentMethod[]> {
  const { rows } = await q.query<CardRow>(
    `select id, brand, last4, expiry_month, expiry_year, holder_name, is_default from payment_methods
     where account_id = $1 and tenant_id = $2 and ($3::text is null or id = $3)
     order by is_default desc, created_at, id`,
    [shopper.accountId, shopper.tenantId, id],
  );
  return rows.map((r) => ({
    id: r.id,
    brand: r.brand,
    last4: r.last4,
    expiryMonth: r.expiry_month,
    expiryYear: r.expiry_year,
    holderName: r.holder_name,
    isDefault: r.is_default,
  }));
}

/**
 * Payment methods: the number is checked (length, Luhn, expiry), reduced to brand and last four
 * digits, and dropped. It is never stored, logged or sent back (docs/decisions/0062).
 */
export const paymentStore = (
  db: Db,
): ShopperCollection<typeof PaymentMethodInput, typeof PaymentMethodUpdate> => ({
  summaries: {
    list: 'Stored cards (brand, last four digits, expiry)',
    add: 'Add a card: only brand, last four digits, expiry and holder are kept',
    replace: 'Make a card the default',
    remove: 'Delete a card',
  },

  list: (shopper) => listCards(db, shopper),

  add: async (shopper, card) => {
    const id = newId('pm');
    await db.transaction(async (tx) => {
      await lockEntries(tx, shopper, 'payment_methods');
      await refuseBeyond(tx, shopper, 'payment_methods', MAX_CARDS, 'payment methods');
      if (card.isDefault) await clearDefault(tx, shopper, 'payment_methods');
      await tx.query(
        `insert into payment_methods (id, tenant_id, account_id, brand, last4, expiry_month, expiry_year, holder_name, token, is_default)
         values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
        [
          id,
          shopper.tenantId,
          shopper.accountId,
          cardBrand(card.cardNumber),
          lastFour(card.cardNumber),
          card.expiryMonth,
          card.expiryYear,
          card.holderName,
          newCardToken(),
          card.isDefault,
        ],
      );
      await ensureDefault(tx, shopper, 'payment_methods');
    });
    return (await listCards(db, shopper, id))[0]!;
  },

  // The update can only say { isDefault: true }: its schema refuses anything else.
  replace: (shopper, id) =>
    db.transaction(async (tx) => {
      await lockEntries(tx, shopper, 'payment_methods');
      if (!(await listCards(tx, shopper, id))[0]) throw notFound(`No payment method ${id}`);
      await clearDefault(tx, shopper, 'payment_methods');
      await tx.query('update payment_methods set is_default = true where id = $1', [id]);
      return (await listCards(tx, shopper, id))[0]!;
    }),

  remove: (shopper, id) =>
    db.transaction(async (tx) => {
      await lockEntries(tx, shopper, 'payment_methods');
      const { rows } = await tx.query(
        'delete from payment_methods where id = $1 and account_id = $2 and tenant_id = $3 returning id',
        [id, shopper.accountId, shopper.tenantId],
      );
      if (!rows[0]) throw notFound(`No payment method ${id}`);
      await ensureDefault(tx, shopper, 'payment_methods');
    }),
});
