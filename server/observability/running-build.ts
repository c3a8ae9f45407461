// Which build this process serves: React Router's manifest version, the id /builds/latest.json
// names and the browser's reports carry as their release. The render plugin says where to read it
// once it has loaded the build; the report tunnel, registered before, reads it for each event
// (./report-claims.ts). Read each time: in development every rebuild has another.
export type RunningBuild = {
  /** The build's id; undefined until the render plugin has loaded it. */
  id(): Promise<string | undefined>;
  /** Where `id` reads it from, from now on. */
  readFrom(read: () => Promise<string | undefined>): void;
};

export function runningBuild(): RunningBuild {
  let read = (): Promise<string | undefined> => Promise.resolve(undefined);
  return {
    id: () => read(),
    readFrom: (next) => {
      read = next;
    },
  };
}
