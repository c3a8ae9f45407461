import { useEffect } from 'react';
import { useLocation } from 'react-router';

// The consent banner is the gateway's HTML, outside React (ADR 0265): its form's way back
// (`return`) is the path of the document the gateway answered. After client navigations the
// shopper is on another page, and a choice must bring them back there, not to the first one. The
// footer (an island: no code on the first load) keeps the field on the page shown; a navigation
// made before its code arrived is caught up when it hydrates.
export function useConsentReturn(): void {
  const { pathname, search } = useLocation();
  useEffect(() => {
    const field = document.querySelector<HTMLInputElement>('.consent-form input[name="return"]');
    if (field) field.value = `${pathname}${search}`;
  }, [pathname, search]);
}
