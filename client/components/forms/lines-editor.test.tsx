import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { QuantityCell, RemoveCell } from './lines-editor';

// An order or a smart cart with a product as singles and as cases has two lines of one name:
// the quantity fields said "(cases)", but both "Remove" buttons were "Remove Oats", two controls
// a screen reader could not tell apart (ADR 0350).
function names(byCase: boolean): string[] {
  const line = { offeringId: 'o-oats', byCase, quantity: 1 };
  const html = renderToString(
    <table>
      <tbody>
        <tr>
          <QuantityCell line={line} index={0} name="Oats" unit={null} error={undefined} />
          <RemoveCell line={line} index={0} name="Oats" />
        </tr>
      </tbody>
    </table>,
  ).replace(/<!-- -->/g, '');
  return [...html.matchAll(/aria-label="([^"]*)"|<label[^>]*>([^<]*)<\/label>/g)].map(
    (m) => m[1] ?? m[2]!,
  );
}

describe("a lines editor's line", () => {
  it('names its quantity and its "Remove" after the same line, singles or cases', () => {
    expect(names(false)).toEqual(['Quantity of Oats', 'Remove Oats']);
    expect(names(true)).toEqual(['Quantity of Oats (cases)', 'Remove Oats (cases)']);
  });
});
