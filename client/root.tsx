import { data } from 'react-router';
import type { Route } from './+types/root';
import { readPersonal } from './lib/personal.server';
import './styles/app.css';

// The root route. Its components live in ./shell.tsx, which the browser build puts in the app
// chunk (vite.config.ts): the route module the browser fetches is only these re-exports, one
// file's overhead instead of a module of its own on every first load (ADR 0209).
export {
  Layout,
  RootErrorBoundary as ErrorBoundary,
  Shell as default,
  shouldRevalidate,
} from './shell';

// The root page: the site layout "cms-default" with the current page inside, or, when the context
// failed or carries a site error message, the generic error page with the CID.
// A visitor with a session gets the cart read on the server, so the header and the cart panel
// show it without JavaScript (docs/decisions/0163). A document carries the visitor outside React
// Router's handoff (the body's data-visitor attribute, written by entry.server; ADR 0203); a data request in the data.
export async function loader({ context }: Route.LoaderArgs) {
  // The page context's calls run beside the page's own loaders (ADR 0270).
  await context.ready;
  if (context.failure || !context.publicContext) {
    throw data(
      { message: context.failure?.message ?? null },
      { status: context.failure?.status ?? 502 },
    );
  }
  const personal = await readPersonal(context);
  if (!context.document) return { context: context.publicContext, personal };
  context.personal = personal;
  return { context: context.publicContext };
}
