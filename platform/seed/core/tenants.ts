import type { NavigationLink, Theme } from '../../../shared/contracts/context';

// The two demo shops. Ids, hosts and accounts are fixed: other seeds and tests refer to them.
export type TenantSeed = {
  id: string;
  host: string;
  origin: string;
  name: string;
  currency: string;
  locale: string;
  theme: Required<Theme>;
  navigation: NavigationLink[];
  footer: NavigationLink[];
  /** What the pages say of delivery; its times are the delivery rules' (./delivery-words.ts). */
  delivery: { fee: string; freeFrom: string; area: string };
  demoAccount: {
    id: string;
    email: string;
    password: string;
    firstName: string;
    lastName: string;
    phone: string;
  };
};

const footer: NavigationLink[] = [
  { label: 'About us', href: '/page/about' },
  { label: 'Contact', href: '/page/contact' },
  { label: 'Help & FAQ', href: '/page/faq' },
  { label: 'Terms and conditions', href: '/policy/terms' },
  { label: 'Privacy', href: '/policy/privacy' },
  { label: 'Delivery', href: '/policy/delivery' },
  { label: 'Returns', href: '/policy/returns' },
];

export const DEMO_PASSWORD = 'demo1234';

export const tenantSeeds: TenantSeed[] = [
  {
    id: 'fresh',
    host: 'localhost',
    origin: 'http://localhost:3000',
    name: 'Fresh Market',
    currency: 'EUR',
    locale: 'en-IE',
    theme: { primary: '#1f7a3a', accent: '#f2a900', background: '#ffffff', text: '#1b1b1b' },
    // A category's link says its name as the catalogue does (./navigation-words.test.ts).
    navigation: [
      { label: 'Fruit & Vegetables', href: '/search?category=fruit-vegetables' },
      { label: 'Bakery', href: '/search?category=bakery' },
      { label: 'Dairy & Eggs', href: '/search?category=dairy-eggs' },
      { label: 'Drinks', href: '/search?category=drinks' },
      { label: 'Shopping lists', href: '/shopping-lists' },
      { label: 'Smart carts', href: '/smart-carts' },
    ],
    footer,
    delivery: {
      fee: '€4.95',
      freeFrom: '€60',
      area: 'Dublin and its suburbs',
    },
    demoAccount: {
      id: 'acc-fresh-demo',
      email: 'shopper@example.com',
      password: DEMO_PASSWORD,
      firstName: 'Sam',
      lastName: 'Shopper',
      phone: '+353 1 555 0100',
    },
  },
  {
    id: 'harbour',
    host: 'harbour.localhost',
    origin: 'http://harbour.localhost:3000',
    name: 'Harbour Grocers',
    currency: 'GBP',
    locale: 'en-GB',
    theme: { primary: '#0b3d6b', accent: '#e4572e', background: '#f7f9fb', text: '#102030' },
    navigation: [
      { label: 'Fresh produce', href: '/search?category=fruit-vegetables' },
      { label: 'Fish & seafood', href: '/search/fish' },
      { label: 'Cupboard', href: '/search?category=pantry' },
      { label: 'Tea & coffee', href: '/search/coffee' },
      { label: 'Shopping lists', href: '/shopping-lists' },
      { label: 'Smart carts', href: '/smart-carts' },
    ],
    footer,
    delivery: {
      fee: '£3.50',
      freeFrom: '£50',
      area: 'the harbour towns of the coast',
    },
    demoAccount: {
      id: 'acc-harbour-demo',
      email: 'shopper@example.com',
      password: DEMO_PASSWORD,
      firstName: 'Alex',
      lastName: 'Harbour',
      phone: '+44 20 7946 0100',
    },
  },
];
