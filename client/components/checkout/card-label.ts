// How the shop names a card: its brand as written and its last four digits ("Visa ending 4242"),
// the same on the checkout, the profile, an order and a guest's confirmation. A module of its
// own: the guest checkout's page names the card without the checkout's payment step.
const BRANDS: Record<string, string> = {
  visa: 'Visa',
  mastercard: 'Mastercard',
  amex: 'American Express',
  other: 'Card',
};

export function cardLabel(card: { brand: string; last4: string }): string {
  return `${BRANDS[card.brand] ?? 'Card'} ending ${card.last4}`;
}
