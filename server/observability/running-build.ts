// Which build this process serves, as a browser's report is checked against it
// (./report-claims.ts): React Router's manifest version, the id /builds/latest.json names and the
// reports carry as their release, and the build's route ids, one of which a report names as its
// `route` tag. The render plugin says where to read it once it has loaded the build; the report
// tunnel, registered before, reads it for each event. Read each time: in development every rebuild
// has another.
export type ServedBuild = {
  /** React Router's manifest version. */
  id: string | undefined;
  /** Whether `routeId` is one of the build's (`root`, `search-results`, `routes/not-found`...). */
  hasRoute(routeId: string): boolean;
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
    hasRoute: (routeId) => Object.hasOwn(build.routes, routeId),
  };
}
