import { useLocation, useRouteLoaderData } from 'react-router';
import type { PublicContext } from '../../shared/contracts/context';

// The public page context in components. Client navigation updates the recorded url path.
type RootData = { context: PublicContext };

export function usePageContext(): PublicContext | null {
  const data = useRouteLoaderData('root') as RootData | undefined;
  const location = useLocation();
  if (!data) return null;
  return { ...data.context, url: { ...data.context.url, pathname: location.pathname } };
}
