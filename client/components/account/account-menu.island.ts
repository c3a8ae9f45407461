import { island } from '../../lib/island';

// The signed-in profile menu, hydrated when the page is idle or at the first interaction (ADR
// 0209); until then it works as without JavaScript (./account-menu.tsx).
export const AccountMenu = island(
  () => import('./account-menu').then((m) => m.AccountMenu),
  import.meta.env.SSR ? (await import('./account-menu')).AccountMenu : null,
);
