import { useEffect } from 'react';
import { useMatches } from 'react-router';
import { usePersonal } from '../lib/personal';
import { setReportingRoute, setReportingUser } from './reporting';

// Where the app knows its visitor and route (the shell, on every page): the browser's reports
// carry the signed-in visitor's login and e-mail (the specification, section 8), nothing for a
// guest, and the route id of the page shown. Kept current across navigations (a sign-in, a
// sign-out, another page).
// The visitor is read in the browser only: the effects below never run on the server, and a server
// read of it outside a hole taints every document template (ADR 0203: none is kept, and the page
// is rendered a second time, which React Router's handoff cannot do: a 500).
const useAccount = import.meta.env.SSR
  ? () => null
  : function useBrowserAccount() {
      return usePersonal().account;
    };

export function useReportingContext(): void {
  const account = useAccount();
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
