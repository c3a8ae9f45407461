import type { ContentBlock } from '../../../shared/contracts/cms';
import { deliveryWords } from './delivery-words';
import type { TenantSeed } from './tenants';

// Content and policy pages of a shop, written for that shop (name, currency, delivery terms).
export type PageSeed = {
  kind: 'page' | 'policy';
  slug: string;
  title: string;
  summary: string;
  body: ContentBlock[];
};

const h = (text: string): ContentBlock => ({ type: 'heading', text });
const p = (text: string): ContentBlock => ({ type: 'paragraph', text });
const list = (...items: string[]): ContentBlock => ({ type: 'list', items });

export function contentPages(t: TenantSeed): PageSeed[] {
  const { cutOff } = deliveryWords(t.id);
  return [
    {
      kind: 'page',
      slug: 'about',
      title: `About ${t.name}`,
      summary: `Who we are and how ${t.name} works.`,
      body: [
        p(`${t.name} is an independent grocer delivering to ${t.delivery.area}.`),
        h('What we sell'),
        p(
          'Fresh produce, bakery, dairy, drinks and cupboard staples from brands you know and local producers.',
        ),
        h('How it works'),
        list(
          'Fill your cart, or start from a shopping list or a smart cart.',
          'Pick a delivery slot at checkout.',
          `Edit your order until ${cutOff} the evening before delivery.`,
        ),
      ],
    },
    {
      kind: 'page',
      slug: 'contact',
      title: 'Contact us',
      summary: 'Questions about an order, a product or your account.',
      body: [
        p(
          `Our customer service answers every day from 8:00 to 20:00 on ${t.demoAccount.phone.replace(/0100$/, '0199')}.`,
        ),
        p(`Write to care@${t.id}.example and we reply within one working day.`),
        p('Please have your order number ready: you find it under Orders in your profile.'),
      ],
    },
    {
      kind: 'page',
      slug: 'faq',
      title: 'Help & FAQ',
      summary: 'Answers to the questions we hear most.',
      body: [
        h('Can I change my order?'),
        p(`Yes: add, remove or change items until ${cutOff} the evening before your delivery day.`),
        h('What does "by the case" mean?'),
        p(
          'Many products come in a case of several items at a lower price per item. Choose single items or cases in the cart.',
        ),
        h('What is a smart cart?'),
        p('A saved cart you can order again in one step, for the weekly shop you always make.'),
        h('Do you store my card number?'),
        p('No. We keep only the card brand, its last four digits and its expiry date.'),
      ],
    },
    ...policies(t),
  ];
}

function policies(t: TenantSeed): PageSeed[] {
  const delivery = deliveryWords(t.id);
  return [
    {
      kind: 'policy',
      slug: 'terms',
      title: 'Terms and conditions',
      summary: `The agreement between you and ${t.name} when you shop with us.`,
      body: [
        h('1. Orders'),
        p(
          'An order is a contract once we confirm it by e-mail. Prices are those shown at checkout, in ' +
            `${t.currency}, including VAT.`,
        ),
        h('2. Availability'),
        p('If a product runs out we leave it out of your delivery and you are not charged for it.'),
        h('3. Changes and cancellation'),
        p(
          `You may change or cancel an order free of charge until ${delivery.cutOff} the evening before delivery.`,
        ),
        h('4. Payment'),
        p('Your card is charged on the day of delivery for the goods actually delivered.'),
      ],
    },
    {
      kind: 'policy',
      slug: 'privacy',
      title: 'Privacy policy',
      summary: 'What we store about you, why, and your rights.',
      body: [
        h('What we keep'),
        list(
          'Your name, e-mail address and phone number.',
          'Your delivery addresses.',
          'Your orders, shopping lists and smart carts.',
          'The brand, last four digits and expiry of your cards; never the full number.',
        ),
        h('Why'),
        p(
          'To deliver your orders, to let you reorder quickly and to answer your questions. We do not sell your data.',
        ),
        h('Your rights'),
        p('You may see, correct or delete your data at any time: contact customer service.'),
        // What the shop's consent banner asks for and its cookies (ADRs 0265, 0377): the page
        // said "two cookies", none readable by scripts, and nothing of measurement.
        h('Cookies'),
        p(
          'Our cookies keep you signed in and keep your cart, also before you sign in; scripts on the page cannot read them. One more, which the page reads, keeps your privacy choice, so that we ask you once.',
        ),
        h('Measurement'),
        p(
          'Only with your consent we count how the shop is used: pages and products viewed, searches, what goes into the cart and orders placed, for us only (no third party), never with your name, e-mail address or account. Change your choice at any time under "Privacy choices" at the foot of every page.',
        ),
      ],
    },
    {
      kind: 'policy',
      slug: 'delivery',
      title: 'Delivery',
      summary: `Delivery across ${t.delivery.area}: slots, costs and cut-off times.`,
      body: [
        h('Delivery slots'),
        p(
          `Choose a two-hour slot at checkout, from ${delivery.from} to ${delivery.until}, up to a week ahead.`,
        ),
        h('Costs'),
        list(
          `Delivery costs ${t.delivery.fee}.`,
          `Delivery is free for orders from ${t.delivery.freeFrom}.`,
        ),
        h('Cut-off'),
        p(
          `Order or change your order until ${delivery.cutOff} the evening before your delivery day.`,
        ),
        h('Not at home?'),
        p('Our driver calls you; chilled and frozen goods go back to the store and are refunded.'),
      ],
    },
    {
      kind: 'policy',
      slug: 'returns',
      title: 'Returns and refunds',
      summary: 'Not happy with a product? We refund it.',
      body: [
        p(
          'Tell us within 14 days if a product was damaged, past its date or not what you ordered.',
        ),
        list(
          'Fresh products: no need to return them, a photo is enough.',
          'Other products: hand them to the driver at your next delivery.',
          'Refunds go back to the card you paid with within five working days.',
        ),
      ],
    },
  ];
}
