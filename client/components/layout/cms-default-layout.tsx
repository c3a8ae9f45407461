import type { ReactNode } from 'react';
import { Link } from 'react-router';
import type { PublicContext } from '../../../shared/contracts/context';
import { ProfileMenu } from '../account/profile-menu';
import { CartWidget } from '../cart/cart-widget';
import { SearchBox } from '../search/search-box';
import { MainNav } from './main-nav';
import { SiteFooter } from './site-footer';
import { themeStyle } from './theme';
import '../../styles/layout.css';

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
  const navigation = tenant.navigation ?? [{ label: 'Search', href: '/search' }];
  return (
    <div className="cms-default" style={themeStyle(tenant.theme)}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <header className="site-header">
        <div className="site-header-bar">
          <Link to="/" className="shop-name" aria-label={`${shopName}, home`}>
            {shopName}
          </Link>
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
      <SiteFooter shopName={shopName} links={tenant.footer ?? []} />
    </div>
  );
}
