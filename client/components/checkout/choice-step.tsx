import { useEffect, useRef, type ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import type { FieldSpec } from '../forms/address-card-fields';
import { keepEnterOnChoice } from '../forms/choice-keys';
import { FieldError } from '../forms/field-error';
import { FieldList } from '../forms/form-field';

// A step of the order form that picks one of the shopper's saved things (an address, a card): the
// saved ones as radios of the order form (linked by its id, so the add form can sit beside them
// without nesting forms), and a form to add one, open while it is empty or has errors.
export const ORDER_FORM = 'checkout-order';

export type Choice = { id: string; title: ReactNode; detail: ReactNode };

/** What a step says and asks for; `name` is the order form's field ("addressId"). */
export type StepText = {
  name: string;
  title: string;
  legend: string;
  empty: string;
  /** The add form: its id is also its intent ("add-address"). */
  add: { intent: string; summary: string; submit: string; defaultLabel: string };
  fields: readonly FieldSpec[];
};

/** The choice so far and the refusals of the last post (of the order form and the add form). */
export type ChoiceState = {
  chosen: string | null;
  error?: string;
  addErrors?: Record<string, string>;
  addFailed?: string;
  /** What was typed in the refused add form, to fill it again (as the profile's, ADR 0340). */
  addValues?: Record<string, string>;
};

/** A step's heading is an `<h3>` where the steps sit in a section of their own (a smart cart). */
export type StepLevel = { level?: 2 | 3 };

type Props = ChoiceState & StepLevel & { step: StepText; choices: Choice[] };

export function ChoiceStep(props: Props) {
  const { choices, error, addErrors, addFailed, addValues } = props;
  const { name, add } = props.step;
  const titleId = `${name}-title`;
  const adding = Boolean(addErrors && (Object.keys(addErrors).length > 0 || addFailed));
  const Heading = props.level === 3 ? 'h3' : 'h2';
  const saved = choices.map((choice) => choice.id).join(' ');
  const fieldset = useAddedFocus(saved, props.chosen);
  return (
    <section className="checkout-step" aria-labelledby={titleId}>
      <Heading id={titleId}>{props.step.title}</Heading>
      {/* Focusable: the error summary's link to the choice (ADR 0356); Tab goes on into it. */}
      <fieldset
        ref={fieldset}
        id={`${name}-choices`}
        tabIndex={-1}
        className="choices"
        aria-describedby={error ? `${name}-error` : undefined}
        onKeyDown={keepEnterOnChoice}
      >
        <legend className="visually-hidden">{props.step.legend}</legend>
        {choices.length === 0 ? <p>{props.step.empty}</p> : null}
        {choices.map((choice) => (
          <label key={choice.id} className="choice">
            <input
              type="radio"
              form={ORDER_FORM}
              name={name}
              value={choice.id}
              defaultChecked={choice.id === props.chosen}
            />
            <span>
              <strong>{choice.title}</strong>
              <span className="choice-detail">{choice.detail}</span>
            </span>
          </label>
        ))}
      </fieldset>
      <FieldError id={`${name}-error`} message={error} />
      {/* A new one saved comes back chosen, and the form made anew, closed and empty: left open
          with what was typed, its button made the same address again (ADR 0377). */}
      <details key={saved} className="add-form" open={adding || choices.length === 0}>
        <summary>{add.summary}</summary>
        <Form method="post" id={add.intent} className="field-grid" autoComplete="on">
          <input type="hidden" name="intent" value={add.intent} />
          <FieldList
            form={add.intent}
            fields={props.step.fields}
            errors={addErrors}
            valueFor={(field) => addValues?.[field]}
          />
          <label className="check">
            <input type="checkbox" name="isDefault" /> {add.defaultLabel}
          </label>
          {addFailed ? (
            <p className="form-error" role="alert" tabIndex={-1} autoFocus>
              {addFailed}
            </p>
          ) : null}
          <button type="submit" className="button secondary">
            {add.submit}
          </button>
        </Form>
      </details>
    </section>
  );
}

/**
 * With JavaScript the add form's post comes back to the same page, with one more choice, chosen
 * (the action's redirect names it). Its form is made anew, so the button that had the focus is
 * gone and the layout gave it to the heading: the new choice takes it, which says what was added
 * and that it is chosen. A focus the shopper moved meanwhile is left alone. Without JavaScript
 * the redirect is a new document, its form closed and empty.
 */
function useAddedFocus(saved: string, chosen: string | null) {
  const fieldset = useRef<HTMLFieldSetElement>(null);
  const before = useRef(saved);
  const idle = useNavigation().state === 'idle';
  useEffect(() => {
    if (!idle) return;
    const added = chosen !== null && !before.current.split(' ').includes(chosen);
    before.current = saved;
    const active = document.activeElement;
    if (!added || (active !== document.body && !active?.matches('main h1'))) return;
    fieldset.current
      ?.querySelector<HTMLInputElement>(`input[value="${CSS.escape(chosen)}"]`)
      ?.focus();
  }, [saved, chosen, idle]);
  return fieldset;
}
