import { unitsInWords } from './unit-words';

// A product's size label ("1 l", "6 x 330 ml") after `before` (a brand, a separator): shown
// short, as the pack prints it, and said in words ("1 litre"), which a screen reader would
// otherwise spell out (docs/decisions/0346, as 0341 does for the price per kg). The whole phrase
// is in each copy so a reader that reads elements one by one says it as one. A label with no
// unit to say ("1 piece", "6 pack") is printed once: in `as` when a class is given, else bare.
export function SizeLabel({
  label,
  before = '',
  as: Tag = 'span',
  className,
}: {
  label: string;
  before?: string;
  as?: 'p' | 'span';
  className?: string;
}) {
  const shown = before + label;
  const said = before + unitsInWords(label);
  if (said === shown) return className ? <Tag className={className}>{shown}</Tag> : shown;
  return (
    <>
      <Tag className={className} aria-hidden="true">
        {shown}
      </Tag>
      <Tag className="visually-hidden">{said}</Tag>
    </>
  );
}
