// The cart panel as the header's cart button loads it, on first open. /cart renders the same
// panel statically (cart-page.tsx); only this module is imported dynamically, so the bundler sees
// one lazy entry and keeps the panel out of the first load (issue #11 item 3).
export { CartPanel } from './cart-panel';
