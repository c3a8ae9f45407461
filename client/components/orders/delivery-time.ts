import type { DeliverySlotList } from '../../../shared/contracts/orders';

// Dates and delivery slots as text, in the shop's time zone and locale. Formatted in loaders on
// the server, so that the hydrating browser (maybe in another zone, with another ICU) shows
// exactly the server's text.
export type TimeFormat = { locale: string; timeZone: string };

// The styles the screens use. A formatter is costly to make and cheap to use, and a shop has one
// locale and one zone: each style's formatter is made once per locale and zone, not once per
// label (a checkout's slot list made hundreds, all on the page's critical path).
const styles = {
  day: { weekday: 'short', day: 'numeric', month: 'short' },
  time: { hour: '2-digit', minute: '2-digit' },
  dateTime: { dateStyle: 'medium', timeStyle: 'short' },
  weekday: { weekday: 'short' },
  date: { day: 'numeric', month: 'short' },
  /** en-CA's short date is YYYY-MM-DD. */
  calendarDay: { dateStyle: 'short' },
} satisfies Record<string, Intl.DateTimeFormatOptions>;
type Style = keyof typeof styles;

// Locales and zones come from the platform's context: a handful. The bound only keeps a platform
// that sent a new one each time from growing this without end. Exported for its test.
export const MAX_FORMATTERS = 256;
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterOf(style: Style, locale: string, timeZone: string): Intl.DateTimeFormat {
  const key = `${style}\u0000${locale}\u0000${timeZone}`;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat(locale, { ...styles[style], timeZone });
    if (formatters.size >= MAX_FORMATTERS) formatters.clear();
    formatters.set(key, formatter);
  }
  return formatter;
}

// Each label's text is kept too: the same instants come back on every request (an order list's
// slots and dates, a checkout's week of slots), and ICU formats one far slower than a lookup
// finds it. Cleared when full, as the formatters are.
const MAX_TEXTS = 2048;
const texts = new Map<string, string>();

function formatted(style: Style, iso: string, { locale, timeZone }: TimeFormat): string {
  const key = `${style}\u0000${locale}\u0000${timeZone}\u0000${iso}`;
  let text = texts.get(key);
  if (text === undefined) {
    text = formatterOf(style, locale, timeZone).format(new Date(iso));
    if (texts.size >= MAX_TEXTS) texts.clear();
    texts.set(key, text);
  }
  return text;
}

export function dayLabel(iso: string, timeFormat: TimeFormat): string {
  return formatted('day', iso, timeFormat);
}

export function timeLabel(iso: string, timeFormat: TimeFormat): string {
  return formatted('time', iso, timeFormat);
}

/** "Tue 14 Jul, 10:00–12:00" */
export function slotLabel(slot: { startsAt: string; endsAt: string }, format: TimeFormat): string {
  return `${dayLabel(slot.startsAt, format)}, ${timeLabel(slot.startsAt, format)}–${timeLabel(slot.endsAt, format)}`;
}

/** "14 Jul 2026, 09:30" */
export function dateTimeLabel(iso: string, timeFormat: TimeFormat): string {
  return formatted('dateTime', iso, timeFormat);
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

export function slotChoices(list: DeliverySlotList, locale: string): SlotOption[] {
  const shop = { locale, timeZone: list.timeZone };
  const calendar = { locale: 'en-CA', timeZone: list.timeZone };
  // Slots past their cut-off are left out (a long list of closed slots helps nobody); full ones stay, greyed.
  return list.items
    .filter((slot) => slot.available || slot.remaining === 0)
    .map((slot) => {
      const hours = `${formatted('time', slot.startsAt, shop)}–${formatted('time', slot.endsAt, shop)}`;
      const dayText = formatted('day', slot.startsAt, shop);
      return {
        id: slot.id,
        label: `${dayText}, ${hours}`,
        day: formatted('calendarDay', slot.startsAt, calendar),
        dayLabel: dayText,
        weekday: formatted('weekday', slot.startsAt, shop),
        date: formatted('date', slot.startsAt, shop),
        time: hours,
        fee: slot.fee,
        available: slot.available,
        remaining: slot.remaining,
      };
    });
}
