import type { CSSProperties, ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import type { PublicContext } from '../../../shared/contracts/context';

// The default site layout "cms-default": shop name and theme from the context, navigation, footer.
export function CmsDefaultLayout({ context, children }: { context: PublicContext; children: ReactNode }) {
  const { tenant, userAccount } = context;
  const theme = {
    '--color-primary': tenant.theme?.primary,
    '--color-accent': tenant.theme?.accent,
    '--color-background': tenant.theme?.background,
    '--color-text': tenant.theme?.text,
  } as CSSProperties;
  const navigation = tenant.navigation ?? [{ label: 'Home', href: '/' }, { label: 'Search', href: '/search' }];
  return (
    <div className="cms-default" style={theme}>
      <header className="site-header">
        <Link to="/" className="shop-name">
          {tenant.name ?? 'Shop'}
        </Link>
        <nav aria-label="Main">
          <ul>
            {navigation.map((link) => (
              <li key={link.href}>
                <NavLink to={link.href}>{link.label}</NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <span className="account-state">{userAccount ? `Signed in as ${userAccount.login ?? userAccount.email}` : 'Guest'}</span>
      </header>
      <main id="main">{children}</main>
      <footer className="site-footer">
        <ul>
          {(tenant.footer ?? []).map((link) => (
            <li key={link.href}>
              <Link to={link.href}>{link.label}</Link>
            </li>
          ))}
        </ul>
      </footer>
    </div>
  );
}
