import { useEffect, useId, useRef, type ChangeEvent, type ReactNode } from 'react';
import { useSubmit } from 'react-router';
import { useCounts } from '../../lib/counted';
import { useMoney } from '../../lib/money';
import type { SlotOption } from '../orders/delivery-time';
import { SlotLabel } from '../orders/slot-label';
import { keepEnterOnChoice } from '../forms/choice-keys';
import { FieldError } from '../forms/field-error';
import { slotFeeWords, type PricedCart } from './slot-fee';

// Delivery slots picked day by day (issue #9 point 6, docs/decisions/0166): a row of day tabs,
// then the slots of the chosen day as radios. The tabs are radios too, and CSS shows the day whose
// tab is checked, so the picker works without JavaScript. Slots that are full are shown but cannot
// be chosen. With JavaScript, choosing a slot re-quotes at once (a GET of the same page with the
// choices in the URL); without it, the "Update totals" button of the order form does the same.
// Each slot says what it costs the cart `priced` (ADR 0334): free past the free-delivery
// threshold, as the totals and the order form's fees say (ADR 0326).
type Props = {
  slots: SlotOption[];
  chosen: string | null;
  /** The page's quote: each slot's fee is what this cart pays; without one, the slot's own. */
  priced?: PricedCart | null;
  error?: string;
  form: string;
  name?: string;
  requote?: boolean;
  /** The chosen slot starts with the focus (an order's slot kept by Enter, without JavaScript). */
  focusChosen?: boolean;
};

type SlotDay = {
  day: string;
  label: string;
  weekday: string;
  date: string;
  slots: SlotOption[];
  open: number;
};

/** Slots grouped by day, in the order given (the platform lists them by time). */
export function slotDays(slots: SlotOption[]): SlotDay[] {
  const days = new Map<string, SlotDay>();
  for (const slot of slots) {
    const day = days.get(slot.day) ?? {
      day: slot.day,
      label: slot.dayLabel,
      weekday: slot.weekday,
      date: slot.date,
      slots: [],
      open: 0,
    };
    day.slots.push(slot);
    if (slot.available) day.open += 1;
    days.set(slot.day, day);
  }
  return [...days.values()];
}

export function SlotChoice({
  slots,
  chosen,
  priced,
  error,
  form,
  name = 'slotId',
  requote = false,
  focusChosen = false,
}: Props) {
  const money = useMoney();
  const submit = useSubmit();
  const ids = useId();
  const requoteWith = (owner: HTMLFormElement | null) => {
    if (requote && owner)
      void submit(owner, { method: 'get', replace: true, preventScrollReset: true });
  };
  const onChange = (event: ChangeEvent<HTMLInputElement>) => requoteWith(event.currentTarget.form);
  // A slot chosen before this code arrived (the page is an island, docs/decisions/0208) fired no
  // change event React saw: once here, a checked slot that is not the quoted one re-quotes.
  const picker = useRef<HTMLFieldSetElement>(null);
  const requoted = useRef<string | null>(null);
  useEffect(() => {
    const checked = picker.current?.querySelector<HTMLInputElement>(
      `input[name="${name}"]:checked`,
    );
    // Once per slot: a slot the platform did not take is not sent again and again.
    if (!checked || checked.value === chosen || checked.value === requoted.current) return;
    requoted.current = checked.value;
    requoteWith(checked.form);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per quoted slot
  }, [chosen, name]);
  const days = slotDays(slots);
  const chosenSlot = slots.find((slot) => slot.id === chosen);
  // The chosen slot's day is shown first; without one, the first day with a free slot.
  const shownDay = chosenSlot?.day ?? days.find((day) => day.open > 0)?.day ?? days[0]?.day;
  return (
    <>
      {/* Focusable: the error summary's link to the choice (ADR 0356). Its name is not its
          section's heading again ("Delivery slot" was said three times): what it asks for. */}
      <fieldset
        ref={picker}
        id={`${name}-choices`}
        tabIndex={-1}
        className="choices slot-picker"
        aria-describedby={error ? `${name}-error` : undefined}
        onKeyDown={keepEnterOnChoice}
      >
        <legend className="visually-hidden">Day and time</legend>
        {slots.length === 0 ? (
          <p>No delivery slots are open right now. Please try again later.</p>
        ) : null}
        {chosenSlot ? (
          <p className="slot-chosen">
            Your slot:{' '}
            <strong>
              <SlotLabel label={chosenSlot.label} />
            </strong>
          </p>
        ) : null}
        {days.map((day, index) => (
          <SlotDayTab
            key={day.day}
            id={`${ids}-day-${index}`}
            group={`${name}Day`}
            day={day}
            checked={day.day === shownDay}
          >
            {day.slots.map((slot) => {
              const fee = slot.available ? slotFeeWords(slot, priced, money) : 'full';
              return (
                <label key={slot.id} className={slot.available ? 'choice' : 'choice unavailable'}>
                  <input
                    type="radio"
                    form={form}
                    name={name}
                    value={slot.id}
                    disabled={!slot.available}
                    defaultChecked={slot.id === chosen}
                    autoFocus={focusChosen && slot.id === chosen}
                    onChange={onChange}
                    aria-label={`${slot.label}, ${fee}`}
                  />
                  <span>
                    <strong className="time-range">{slot.time}</strong>
                    <span className="choice-detail">{fee[0]!.toUpperCase() + fee.slice(1)}</span>
                  </span>
                </label>
              );
            })}
          </SlotDayTab>
        ))}
      </fieldset>
      <FieldError id={`${name}-error`} message={error} />
    </>
  );
}

/**
 * Checks `slot` and its day's tab in `form`, as the shopper's click would: a slot chosen for them
 * (one their draft kept, ADR 0317). React leaves a hydrated radio as it is when `chosen` changes.
 */
export function checkSlot(form: HTMLFormElement, slot: SlotOption, name = 'slotId'): void {
  for (const [group, value] of [
    [`${name}Day`, slot.day],
    [name, slot.id],
  ]) {
    for (const field of form.elements)
      if (field instanceof HTMLInputElement && field.name === group && field.value === value)
        field.checked = true;
  }
}

/** A day's tab (a radio with its label) followed by its slots, shown while the tab is checked. */
function SlotDayTab(props: {
  id: string;
  group: string;
  day: SlotDay;
  checked: boolean;
  children: ReactNode;
}) {
  const { day } = props;
  const { number } = useCounts();
  return (
    <>
      <input
        type="radio"
        className="slot-day-radio visually-hidden"
        id={props.id}
        name={props.group}
        value={day.day}
        defaultChecked={props.checked}
      />
      <label htmlFor={props.id} className="slot-day-tab">
        <strong>{day.weekday}</strong>
        <span>{day.date}</span>
        {day.open < day.slots.length ? (
          <span className="slot-day-left">
            {day.open === 0 ? 'Full' : `${number(day.open)} left`}
          </span>
        ) : null}
      </label>
      <div className="slot-day" role="group" aria-label={`Slots on ${day.label}`}>
        {props.children}
      </div>
    </>
  );
}
