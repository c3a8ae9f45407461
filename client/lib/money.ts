import { useRouteLoaderData } from 'react-router';
import type { PublicContext, Tenant } from '../../shared/contracts/context';

// Money travels as integer cents (minor units); only the screen turns it into text, in the
// tenant's currency and locale. Formatters are cached: Intl.NumberFormat is costly to build and a
// page formats many prices.
type Formatter = { format: Intl.NumberFormat; minorDigits: number; texts: Map<number, string> };
const formatters = new Map<string, Formatter>();

function formatter(currency: string, locale: string): Formatter {
  const key = `${locale}|${currency}`;
  let entry = formatters.get(key);
  if (!entry) {
    const format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    // resolvedOptions() is costly too: read the currency's minor unit count once.
    entry = {
      format,
      minorDigits: format.resolvedOptions().maximumFractionDigits ?? 2,
      texts: new Map(),
    };
    formatters.set(key, entry);
  }
  return entry;
}

export type MoneyFormat = { currency: string; locale: string };

/** The shop's money format; platforms that leave currency or locale out get EUR / en-GB. */
export function moneyFormatOf(
  tenant: Pick<Tenant, 'currency' | 'locale'> | null | undefined,
): MoneyFormat {
  return { currency: tenant?.currency ?? 'EUR', locale: tenant?.locale ?? 'en-GB' };
}

/** Formats cents, e.g. 1234 → "€12.34". The minor unit count comes from the currency itself. */
export function formatCents(cents: number, { currency, locale }: MoneyFormat): string {
  const { format, minorDigits, texts } = formatter(currency, locale);
  // Each amount's text is kept (a catalogue has a few thousand prices): Intl's formatting is
  // slow next to a lookup, and a page of results formats dozens per request (ADR 0200).
  let text = texts.get(cents);
  if (text === undefined) {
    if (texts.size >= MAX_TEXTS) texts.clear();
    text = format.format(cents / 10 ** minorDigits);
    texts.set(cents, text);
  }
  return text;
}

const MAX_TEXTS = 4096;

/** In components: a formatter bound to the current tenant. `currency` overrides the shop's (an order keeps its own). */
export function useMoney(): (cents: number, currency?: string) => string {
  const money = moneyFormatOf(useShopTenant());
  // No copy of the format per price (a spread each; cards pass their currency, nearly always
  // the shop's).
  return (cents, currency) =>
    formatCents(
      cents,
      !currency || currency === money.currency ? money : { currency, locale: money.locale },
    );
}

/**
 * The shop's tenant, straight from the root's data. usePageContext() copies the whole context for
 * its URL, and every price and quantity control of a page asks for the tenant (ADR 0200).
 */
export function useShopTenant(): Tenant | undefined {
  return (useRouteLoaderData('root') as { context?: Pick<PublicContext, 'tenant'> } | undefined)
    ?.context?.tenant;
}
