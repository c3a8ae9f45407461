// Whether the shopper consents to measurement now (ADR 0265): the first-party cookie the consent
// form sets, and no Global Privacy Control signal. Read at each event, never kept: a choice
// withdrawn in another tab (the cookie is the browser's, not the tab's) stops this one too.
export function consented(): boolean {
  return (
    (navigator as { globalPrivacyControl?: boolean }).globalPrivacyControl !== true &&
    /(?:^|;\s*)consent=analytics:1(?:;|$)/.test(document.cookie)
  );
}
