// Delivery rules of the two demo shops, matching what their delivery policy pages promise
// (fee, free delivery threshold, cut-off the evening before). See docs/decisions/0060.
export type DeliverySeed = {
  tenantId: string;
  timeZone: string;
  /** ISO 3166-1 alpha-2 codes of the countries the shop delivers to (ADR 0340). */
  countries: string[];
  cutoffTime: string;
  freeFromCents: number;
  horizonDays: number;
  slots: { start: string; end: string; capacity: number; feeCents: number }[];
};

const day = (feeCents: number, capacity: number) => [
  { start: '08:00', end: '10:00', capacity, feeCents },
  { start: '10:00', end: '12:00', capacity, feeCents },
  { start: '12:00', end: '14:00', capacity, feeCents },
  { start: '16:00', end: '18:00', capacity, feeCents },
  { start: '18:00', end: '20:00', capacity, feeCents },
];

export const deliverySeeds: DeliverySeed[] = [
  {
    tenantId: 'fresh',
    timeZone: 'Europe/Dublin',
    countries: ['IE'],
    cutoffTime: '22:00',
    freeFromCents: 6000,
    horizonDays: 7,
    slots: day(495, 12),
  },
  {
    tenantId: 'harbour',
    timeZone: 'Europe/London',
    countries: ['GB'],
    cutoffTime: '20:00',
    freeFromCents: 5000,
    horizonDays: 7,
    slots: day(350, 8),
  },
];
