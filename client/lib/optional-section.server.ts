import type { AppLoadContext } from 'react-router';
import type { PlatformClient } from '../../shared/load-context';

// A page renders what it has (issue #12 item 7): the data a page cannot be without is loaded as
// usual and decides the status (404, 502); every other section is loaded through optionalSection,
// which on any failure reports it (logged with the CID, passed to error reporting) and gives the
// fallback, so the page leaves that section out.
export async function optionalSection<T>(
  context: Pick<AppLoadContext, 'reportSectionFailure'>,
  section: string,
  load: () => Promise<T>,
  fallback: T,
): Promise<T> {
  try {
    return await load();
  } catch (error) {
    context.reportSectionFailure(section, error);
    return fallback;
  }
}

/** A platform answer other than 2xx, thrown by sectionData so optionalSection can report it. */
export class SectionFetchError extends Error {
  constructor(
    readonly path: string,
    readonly status: number,
  ) {
    super(`[${status}] ${path}`);
    this.name = 'SectionFetchError';
  }
}

/** The body of a GET that must succeed for its section to show. */
export async function sectionData<T>(platform: PlatformClient, path: string): Promise<T> {
  const response = await platform.call<T>({ path });
  if (!response.ok) throw new SectionFetchError(path, response.status);
  return response.body;
}
