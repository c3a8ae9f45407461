import type { NavigationLink } from '../../../shared/contracts/context';
import { href } from '../../../shared/href';
import { appLink } from '../../lib/app-links';
import { useConsentReturn } from './consent-return';

// Footer: the shop's own links, then every policy the shop must show (added when the CMS footer
// leaves one out), and the shop-wide links.
// (shared/contracts/cms' POLICY_CODES, restated so the browser bundle does not load zod.)
const POLICY_LABELS = {
  terms: 'Terms and conditions',
  privacy: 'Privacy',
  delivery: 'Delivery',
  returns: 'Returns',
} as const;
const POLICY_CODES = Object.keys(POLICY_LABELS) as (keyof typeof POLICY_LABELS)[];
// The same links for every shop and page: built once, not on each render (ADR 0397).
const POLICIES = POLICY_CODES.map((policyCode) => ({
  label: POLICY_LABELS[policyCode],
  href: href('policy', { policyCode }),
}));
const SEARCH_HREF = href('search');

export function SiteFooter({
  shopName,
  links,
}: {
  shopName: string;
  links: readonly NavigationLink[];
}) {
  useConsentReturn();
  const all = [
    ...links,
    ...POLICIES.filter((policy) => !links.some((link) => link.href === policy.href)),
  ];
  return (
    <footer className="site-footer">
      <nav aria-label="Footer">
        <ul>
          <li>
            <a href={SEARCH_HREF} {...appLink}>
              Search
            </a>
          </li>
          {all.map((link) => (
            <li key={link.href}>
              <a href={link.href} {...appLink}>
                {link.label}
              </a>
            </li>
          ))}
          <li>
            {/* The consent choice again (ADR 0265): a page of the gateway, not of the router. */}
            <a href="/consent">Privacy choices</a>
          </li>
        </ul>
      </nav>
      <p className="site-footer-note">{`© ${shopName}`}</p>
    </footer>
  );
}
