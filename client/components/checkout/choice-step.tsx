import type { ReactNode } from 'react';
import { Form } from 'react-router';
import { FieldError } from '../forms/field-error';

// A step of the order form that picks one of the shopper's saved things (an address, a card): the
// saved ones as radios of the order form (linked by its id, so the add form can sit beside them
// without nesting forms), and a form to add one, open while it is empty or has errors.
export const ORDER_FORM = 'checkout-order';

export type Choice = { id: string; title: ReactNode; detail: ReactNode };

type Props = {
  /** Heading id and text: "address-title", "Delivery address". */
  titleId: string;
  title: string;
  legend: string;
  /** The order form's field: "addressId". */
  name: string;
  choices: Choice[];
  chosen: string | null;
  error?: string;
  empty: string;
  /** The add form: its id is also its intent ("add-address"). */
  add: { intent: string; summary: string; submit: string; defaultLabel: string };
  addErrors?: Record<string, string>;
  addFailed?: string;
  /** The add form's fields. */
  children: ReactNode;
};

export function ChoiceStep(props: Props) {
  const { name, choices, error, add, addErrors, addFailed } = props;
  const adding = Boolean(addErrors && (Object.keys(addErrors).length > 0 || addFailed));
  return (
    <section className="checkout-step" aria-labelledby={props.titleId}>
      <h2 id={props.titleId}>{props.title}</h2>
      <fieldset className="choices" aria-describedby={error ? `${name}-error` : undefined}>
        <legend className="visually-hidden">{props.legend}</legend>
        {choices.length === 0 ? <p>{props.empty}</p> : null}
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
      <details className="add-form" open={adding || choices.length === 0}>
        <summary>{add.summary}</summary>
        <Form method="post" id={add.intent} className="field-grid" autoComplete="on">
          <input type="hidden" name="intent" value={add.intent} />
          {props.children}
          <label className="check">
            <input type="checkbox" name="isDefault" /> {add.defaultLabel}
          </label>
          {addFailed ? (
            <p className="form-error" role="alert">
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
