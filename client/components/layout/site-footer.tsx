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

export function SiteFooter({
  shopName,
  links,
}: {
  shopName: string;
  links: readonly NavigationLink[];
}) {
  useConsentReturn();
  const policies = POLICY_CODES.map((policyCode) => ({
    label: POLICY_LABELS[policyCode],
    href: href('policy', { policyCode }),
  }));
  const all = [
    ...links,
    ...policies.filter((policy) => !links.some((link) => link.href === policy.href)),
  ];
  return (
    <footer className="site-footer">
      <nav aria-label="Footer">
        <ul>
          <li>
            <a href={href('search')} {...appLink}>
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
