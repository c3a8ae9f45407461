import type { DeliverySlotList } from '../../../shared/contracts/orders';

// Dates and delivery slots as text, in the shop's time zone and locale. Formatted in loaders on
// the server, so that the hydrating browser (maybe in another zone, with another ICU) shows
// exactly the server's text.
export type TimeFormat = { locale: string; timeZone: string };

export function dayLabel(iso: string, { locale, timeZone }: TimeFormat): string {
  return new Intl.DateTimeFormat(locale, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone,
  }).format(new Date(iso));
}

export function timeLabel(iso: string, { locale, timeZone }: TimeFormat): string {
  return new Intl.DateTimeFormat(locale, { hour: '2-digit', minute: '2-digit', timeZone }).format(
    new Date(iso),
  );
}

/** "Tue 14 Jul, 10:00–12:00" */
export function slotLabel(slot: { startsAt: string; endsAt: string }, format: TimeFormat): string {
  return `${dayLabel(slot.startsAt, format)}, ${timeLabel(slot.startsAt, format)}–${timeLabel(slot.endsAt, format)}`;
}

/** "14 Jul 2026, 09:30" */
export function dateTimeLabel(iso: string, { locale, timeZone }: TimeFormat): string {
  return new Intl.DateTimeFormat(locale, {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone,
  }).format(new Date(iso));
}

/** A delivery slot as the screens offer it: its labels already in the shop's time zone. */
export type SlotOption = {
  id: string;
  /** "Tue 14 Jul, 10:00–12:00" */
  label: string;
  /** The slot's day in the shop's time zone, "2026-07-14": slots are picked day by day. */
  day: string;
  /** "Tue 14 Jul" */
  dayLabel: string;
  /** "Tue" and "14 Jul", the two lines of the day's tab. */
  weekday: string;
  date: string;
  /** "10:00–12:00" */
  time: string;
  fee: number;
  available: boolean;
  remaining: number;
};

const part = (iso: string, { locale, timeZone }: TimeFormat, options: Intl.DateTimeFormatOptions) =>
  new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(new Date(iso));

/** The calendar day of an instant in the shop's time zone, as YYYY-MM-DD. */
const dayKey = (iso: string, timeZone: string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, dateStyle: 'short' }).format(new Date(iso));

export function slotChoices(list: DeliverySlotList, locale: string): SlotOption[] {
  const format: TimeFormat = { locale, timeZone: list.timeZone };
  // Slots past their cut-off are left out (a long list of closed slots helps nobody); full ones stay, greyed.
  return list.items
    .filter((slot) => slot.available || slot.remaining === 0)
    .map((slot) => ({
      id: slot.id,
      label: slotLabel(slot, format),
      day: dayKey(slot.startsAt, list.timeZone),
      dayLabel: dayLabel(slot.startsAt, format),
      weekday: part(slot.startsAt, format, { weekday: 'short' }),
      date: part(slot.startsAt, format, { day: 'numeric', month: 'short' }),
      time: `${timeLabel(slot.startsAt, format)}–${timeLabel(slot.endsAt, format)}`,
      fee: slot.fee,
      available: slot.available,
      remaining: slot.remaining,
    }));
}
