import type { ReactNode } from 'react';
import type { PublicContext } from '../../../shared/contracts/context';
import { appLink, useAppLinkClicks } from '../../lib/app-links';
import { ProfileMenu } from '../account/profile-menu';
import { CartWidget } from '../cart/cart-widget.island';
import { SearchBox } from '../search/search-box.island';
import { MainNav } from './main-nav';
import { SiteFooter } from './site-footer.island';
import { themeStyle } from './theme';
import '../../styles/layout.css';

// The same lists on every render: the footer is an island, memoised on its props, and the
// navigation measures its links again when they change.
const NO_LINKS: readonly never[] = [];
const DEFAULT_NAVIGATION = [{ label: 'Search', href: '/search' }] as const;

// The default site layout "cms-default": shop name and theme colours from the context, the search
// box, the profile menu and cart widget, the shop's navigation, the page, and the footer.
// Landmarks: banner, main navigation, main (target of the skip link), contentinfo.
export function CmsDefaultLayout({
  context,
  children,
}: {
  context: PublicContext;
  children: ReactNode;
}) {
  const { tenant } = context;
  const shopName = tenant.name ?? 'Shop';
  const navigation = tenant.navigation ?? DEFAULT_NAVIGATION;
  // One click handler for the layout's in-app links (client/lib/app-links.ts).
  const onClick = useAppLinkClicks();
  return (
    <div className="cms-default" style={themeStyle(tenant.theme)} onClick={onClick}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="site-header">
        <div className="site-header-bar">
          <a href="/" {...appLink} className="shop-name" aria-label={`${shopName}, home`}>
            {shopName}
          </a>
          <div className="site-header-search">
            <SearchBox />
          </div>
          <div className="site-header-actions">
            <ProfileMenu />
            <CartWidget />
          </div>
        </div>
        <MainNav links={navigation} />
      </header>
      <main id="main" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter shopName={shopName} links={tenant.footer ?? NO_LINKS} />
    </div>
  );
}
