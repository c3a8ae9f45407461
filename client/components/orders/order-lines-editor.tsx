import type { OrderLine } from '../../../shared/contracts/orders';
import { useMoney } from '../../lib/money';
import { FieldError } from '../forms/field-error';
import { FormProblem } from '../forms/form-field';
import { LinesEditor, QuantityCell, RemoveCell } from '../forms/lines-editor';
import type { OrderActionResult } from './order-forms';

// Changing the items of an order before its cut-off. The platform re-prices; lines already
// ordered keep their price.
type Props = { lines: OrderLine[]; currency: string; result?: OrderActionResult };

export function OrderLinesEditor({ lines, currency, result }: Props) {
  const money = useMoney();
  const errors = result?.fieldErrors ?? {};
  return (
    <LinesEditor
      intent="change-lines"
      saveClassName="button primary"
      after={
        <>
          <FieldError id="lines-error" message={errors.lines} />
          <FormProblem message={result?.formError} />
        </>
      }
    >
      {lines.map((line, index) => (
        <tr key={`${line.offeringId}-${line.byCase}`}>
          <th scope="row">
            {line.productName}
            <span className="per">
              {' '}
              {money(line.unitPrice, currency)}
              {line.byCase ? ' per case' : ' each'}
            </span>
          </th>
          <QuantityCell
            line={line}
            index={index}
            name={line.productName}
            unit={line.byCase ? <span className="per"> cases</span> : null}
            error={errors[`quantity-${index}`]}
          />
          <td className="num">{money(line.lineTotal, currency)}</td>
          <RemoveCell line={line} index={index} name={line.productName} />
        </tr>
      ))}
    </LinesEditor>
  );
}
