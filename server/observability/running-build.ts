import { requestRouteId } from './route-id';

// Which build this process serves, as a browser's report is checked against it
// (./report-claims.ts): React Router's manifest version, the id /builds/latest.json names and the
// reports carry as their release, and the build's routes, one of which a report names as its
// `route` tag (by React Router's id; it goes on as the request line names it, ADR 0373). The
// render plugin says where to read it once it has loaded the build; the report tunnel, registered
// before, reads it for each event. Read each time: in development every rebuild has another.
export type ServedBuild = {
  /** React Router's manifest version. */
  id: string | undefined;
  /**
   * The request line's id of the build's route `routeId` names, by React Router's id
   * (`routes/cart-action`) or the request line's (`cart`); undefined: no route of this build.
   */
  routeOf(routeId: string): string | undefined;
};

export type RunningBuild = {
  /** The build; undefined until the render plugin has loaded it. */
  read(): Promise<ServedBuild | undefined>;
  /** Where `read` reads it from, from now on. */
  readFrom(read: () => Promise<ServedBuild | undefined>): void;
};

export function runningBuild(): RunningBuild {
  let read = (): Promise<ServedBuild | undefined> => Promise.resolve(undefined);
  return {
    read: () => read(),
    readFrom: (next) => {
      read = next;
    },
  };
}

/** What a report is checked against of React Router's build: its version and its route manifest. */
export function servedBuild(build: { assets?: { version?: string }; routes: object }): ServedBuild {
  return {
    id: build.assets?.version,
    routeOf(routeId) {
      // The manifest's own keys only: never a property every object has (`__proto__`).
      if (Object.hasOwn(build.routes, routeId)) return requestRouteId(routeId);
      const named = Object.keys(build.routes).some((id) => requestRouteId(id) === routeId);
      return named ? routeId : undefined;
    },
  };
}
