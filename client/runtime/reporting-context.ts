import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { usePersonal } from '../lib/personal';
import { setReportingRoute, setReportingUser } from './reporting';

// Where the app knows its visitor and route (the shell, on every page): the browser's reports
// carry the signed-in visitor's login and e-mail (the specification, section 8), nothing for a
// guest, and the route id of the page shown. Kept current across navigations (a sign-in, a
// sign-out, another page).
export function useReportingContext(): void {
  const account = usePersonal().account;
  const matches = useMatches();
  const route = matches.at(-1)?.id ?? null;
  const id = account?.id ?? null;
  const login = account?.login ?? null;
  const email = account?.email ?? null;
  useEffect(() => {
    setReportingUser(id === null ? null : { id, login, email });
  }, [id, login, email]);
  useEffect(() => setReportingRoute(route), [route]);
}
