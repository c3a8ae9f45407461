// A delivery slot's label, "Tue 14 Jul, 10:00–12:00", with its time range kept whole: a phone
// broke it after the dash ("10:00–" over "12:00", docs/decisions/0370). ./delivery-time.ts makes
// every label as the day, a comma and the range, so the range is what follows the last comma.
export function SlotLabel({ label }: { label: string }) {
  const comma = label.lastIndexOf(', ');
  const at = comma < 0 ? 0 : comma + 2;
  return (
    <>
      {label.slice(0, at)}
      <span className="time-range">{label.slice(at)}</span>
    </>
  );
}
