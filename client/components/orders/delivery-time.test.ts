import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import {
  dateTimeLabel,
  dayLabel,
  MAX_FORMATTERS,
  slotChoices,
  slotLabel,
  timeLabel,
} from './delivery-time';

const london = { locale: 'en-GB', timeZone: 'Europe/London' };
const tokyo = { locale: 'en-GB', timeZone: 'Asia/Tokyo' };
// 2026-07-14 09:30 UTC: 10:30 in London (summer time), 18:30 in Tokyo.
const instant = '2026-07-14T09:30:00.000Z';

describe('delivery times as text', () => {
  it('formats in the shop’s zone and locale', () => {
    expect(dayLabel(instant, london)).toBe('Tue 14 Jul');
    expect(timeLabel(instant, london)).toBe('10:30');
    expect(dateTimeLabel(instant, london)).toBe('14 Jul 2026, 10:30');
    expect(slotLabel({ startsAt: instant, endsAt: '2026-07-14T11:30:00.000Z' }, london)).toBe(
      'Tue 14 Jul, 10:30–12:30',
    );
  });

  it('keeps each zone and locale apart although formatters are reused', () => {
    // Alternating zones and locales: a formatter kept for one must never answer for another.
    for (let i = 0; i < 3; i += 1) {
      expect(timeLabel(instant, london)).toBe('10:30');
      expect(timeLabel(instant, tokyo)).toBe('18:30');
      expect(dayLabel('2026-07-14T23:30:00.000Z', tokyo)).toBe('Wed 15 Jul');
      expect(dayLabel(instant, { locale: 'de-DE', timeZone: 'Europe/Berlin' })).toBe(
        'Di., 14. Juli',
      );
    }
  });

  // Formatters are slow to make, far slower on a loaded machine: a generous time, and no more
  // zones than it takes to go past the bound.
  it(
    'still formats right after more zones than it keeps formatters for',
    { timeout: 60_000 },
    () => {
      const DateTimeFormat = Intl.DateTimeFormat;
      const fresh = (iso: string, timeZone: string) =>
        new DateTimeFormat('en-GB', { hour: '2-digit', minute: '2-digit', timeZone }).format(
          new Date(iso),
        );
      // A few more zones than it keeps formatters for: the store is emptied on the way, also after
      // the first zone's was kept, whatever the cases before left in it.
      const zones = Intl.supportedValuesOf('timeZone').slice(0, MAX_FORMATTERS + 8);
      expect(zones).toHaveLength(MAX_FORMATTERS + 8);
      const first = zones[0]!;
      const last = zones.at(-1)!;
      // Counts the formatters made, each a real one.
      const made = vi.spyOn(Intl, 'DateTimeFormat').mockImplementation(function (
        ...args: ConstructorParameters<typeof DateTimeFormat>
      ) {
        return new DateTimeFormat(...args);
      });
      try {
        // Each label the one a fresh formatter gives: those before, at and after the emptying too.
        for (const timeZone of zones)
          expect(timeLabel(instant, { locale: 'en-GB', timeZone })).toBe(fresh(instant, timeZone));
        // An instant none of them formatted yet, so that each label asks for a formatter again
        // rather than finding its text kept. 23:45 UTC: 23:45 in London (winter), 08:45 in Tokyo.
        const later = '2026-01-14T23:45:00.000Z';
        made.mockClear();
        // The newest formatter is kept; the oldest was let go, and is made again.
        expect(timeLabel(later, { locale: 'en-GB', timeZone: last })).toBe(fresh(later, last));
        expect(made).not.toHaveBeenCalled();
        expect(timeLabel(later, { locale: 'en-GB', timeZone: first })).toBe(fresh(later, first));
        expect(made).toHaveBeenCalledTimes(1);
        expect(timeLabel(later, tokyo)).toBe('08:45');
        expect(timeLabel(later, london)).toBe('23:45');
      } finally {
        made.mockRestore();
      }
    },
  );

  it('offers a slot list day by day, in the shop’s zone', () => {
    const slots = slotChoices(
      {
        timeZone: 'Asia/Tokyo',
        currency: 'EUR',
        freeDeliveryFrom: 5000,
        items: [
          {
            id: 's1',
            startsAt: '2026-07-14T23:00:00.000Z',
            endsAt: '2026-07-15T01:00:00.000Z',
            cutoffAt: '2026-07-14T20:00:00.000Z',
            fee: 299,
            available: true,
            remaining: 3,
          },
          {
            id: 'closed',
            startsAt: '2026-07-14T01:00:00.000Z',
            endsAt: '2026-07-14T03:00:00.000Z',
            cutoffAt: '2026-07-13T20:00:00.000Z',
            fee: 0,
            available: false,
            remaining: 2,
          },
        ],
      },
      'en-GB',
    );
    expect(slots).toEqual([
      {
        id: 's1',
        label: 'Wed 15 Jul, 08:00–10:00',
        day: '2026-07-15',
        dayLabel: 'Wed 15 Jul',
        weekday: 'Wed',
        date: '15 Jul',
        time: '08:00–10:00',
        fee: 299,
        available: true,
        remaining: 3,
      },
    ]);
  });

  it('gives the text a fresh formatter gives, also once its kept texts were cleared', () => {
    // The labels' texts are kept by style, locale, zone and instant: a kept text must never
    // answer for another of them. More instants than it keeps, so the store is cleared between.
    const zones = ['Europe/London', 'Asia/Tokyo', 'America/New_York', 'Europe/Dublin'];
    const locales = ['en-GB', 'en-IE', 'de-DE', 'fr-FR'];
    // The reference formatters, made here once each (48), apart from the module's own: making
    // them afresh for every check took seconds on a loaded machine.
    const reference = new Map<string, Intl.DateTimeFormat>();
    const fresh = (options: Intl.DateTimeFormatOptions, iso: string, f: typeof london) => {
      const key = `${JSON.stringify(options)} ${f.locale} ${f.timeZone}`;
      let formatter = reference.get(key);
      if (!formatter) {
        formatter = new Intl.DateTimeFormat(f.locale, { ...options, timeZone: f.timeZone });
        reference.set(key, formatter);
      }
      return formatter.format(new Date(iso));
    };
    fc.assert(
      fc.property(
        fc.date({ min: new Date('2020-01-01'), max: new Date('2030-12-31'), noInvalidDate: true }),
        (date) => {
          const iso = date.toISOString();
          // The same instant in every zone and locale, twice: a key missing any of them fails.
          for (let twice = 0; twice < 2; twice += 1)
            for (const timeZone of zones)
              for (const locale of locales) {
                const f = { locale, timeZone };
                expect(timeLabel(iso, f)).toBe(
                  fresh({ hour: '2-digit', minute: '2-digit' }, iso, f),
                );
                expect(dayLabel(iso, f)).toBe(
                  fresh({ weekday: 'short', day: 'numeric', month: 'short' }, iso, f),
                );
                expect(dateTimeLabel(iso, f)).toBe(
                  fresh({ dateStyle: 'medium', timeStyle: 'short' }, iso, f),
                );
              }
        },
      ),
      { numRuns: 150 },
    );
  });
});
