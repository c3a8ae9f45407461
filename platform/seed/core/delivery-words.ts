import { deliverySeeds } from '../commerce/delivery';

// A shop's delivery rules (../commerce/delivery.ts) as its pages say them, so that they say what
// the checkout does: the delivery policy promised slots "from 8:00 to 22:00" where the last one
// ended at 20:00, and the FAQ, terms and policy read "until 22:00 the evening before before your
// delivery day" (docs/decisions/0366).
export type DeliveryWords = {
  /** The last time to order or change an order, the evening before its slot ("22:00"). */
  cutOff: string;
  /** When the day's first slot starts and its last one ends ("8:00", "20:00"). */
  from: string;
  until: string;
};

const clock = (time: string) => time.replace(/^0(?=\d:)/, '');

export function deliveryWords(tenantId: string): DeliveryWords {
  const rules = deliverySeeds.find((seed) => seed.tenantId === tenantId);
  if (!rules) throw new Error(`No delivery rules for the shop ${tenantId}`);
  const starts = rules.slots.map((slot) => slot.start).sort();
  const ends = rules.slots.map((slot) => slot.end).sort();
  return { cutOff: clock(rules.cutoffTime), from: clock(starts[0]!), until: clock(ends.at(-1)!) };
}
