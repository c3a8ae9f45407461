import type { HomeBlock } from '../../../shared/contracts/cms';
import { deliveryWords } from './delivery-words';
import type { TenantSeed } from './tenants';

// Home page blocks per shop. Product rails name a search term, so they follow the catalogue
// whatever its seed contains.
export function homeBlocks(tenant: TenantSeed): HomeBlock[] {
  if (tenant.id === 'harbour') {
    return [
      {
        type: 'hero',
        title: 'From the quay to your kitchen',
        text: `Fresh fish, local produce and the cupboard staples, delivered across ${tenant.delivery.area}.`,
        cta: { label: 'Shop fish & seafood', href: '/search/fish' },
      },
      { type: 'category-tiles', title: 'Browse the aisles' },
      { type: 'product-rail', title: 'Catch of the day', query: 'fish', limit: 12 },
      { type: 'product-rail', title: 'Tea & coffee', query: 'coffee', limit: 12 },
      {
        type: 'promo',
        title: `Free delivery from ${tenant.delivery.freeFrom}`,
        text: `Order by ${deliveryWords(tenant.id).cutOff} for next-day delivery.`,
        link: { label: 'Delivery details', href: '/policy/delivery' },
      },
      { type: 'brand-strip', title: 'Brands we stock', limit: 16 },
    ];
  }
  return [
    {
      type: 'hero',
      title: 'Groceries, fresh from the market',
      text: `Thousands of everyday products at market prices, delivered across ${tenant.delivery.area}.`,
      cta: { label: 'Shop fruit & vegetables', href: '/search?category=fruit-vegetables' },
    },
    { type: 'category-tiles', title: 'Shop by category' },
    { type: 'product-rail', title: 'In season', query: 'fruit', limit: 12 },
    { type: 'product-rail', title: 'Fresh from the bakery', query: 'bread', limit: 12 },
    {
      type: 'promo',
      title: 'Buy by the case and save',
      text: 'Most products come by the case too, at a lower price per item.',
      link: { label: 'How delivery works', href: '/policy/delivery' },
    },
    { type: 'brand-strip', title: 'Popular brands', limit: 16 },
  ];
}
