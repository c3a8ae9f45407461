import { useEffect, useState } from 'react';
import { useNavigation } from 'react-router';

// A bar at the top while a client navigation waits for its data (specification section 9, "page-
// transition wait: about 100 ms"): shown only once the wait has lasted 100 ms, so a fast transition
// does not flicker. docs/decisions/0175.
export const PROGRESS_DELAY_MS = 100;

export function NavigationProgress() {
  const waiting = useNavigation().state !== 'idle';
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!waiting) return setShown(false);
    const timer = setTimeout(() => setShown(true), PROGRESS_DELAY_MS);
    return () => clearTimeout(timer);
  }, [waiting]);
  return shown ? (
    <div className="navigation-progress" role="progressbar" aria-label="Loading the page" />
  ) : null;
}
