import { startTransition, useContext, useEffect, useState } from 'react';
import { ServerLayoutContext } from './use-smartphone';

/**
 * Whether the browser has taken over the page the server rendered: one fact per document, set by
 * the first part that switched after the takeover. Never set on the server, where no effect runs.
 */
let tookOver = false;

/**
 * False on the server and while React takes over the page the server rendered (ADR 038), true
 * after, and from the start when the browser renders the page alone or has taken it over: for a
 * part that depends on what only the browser knows, such as the screen's size.
 *
 * The switch after the takeover is a transition, rendered in slices in a task of its own. (With
 * `useSyncExternalStore`'s differing server and browser snapshots, React re-renders synchronously
 * in the task that runs the takeover's effects: one long task for a phone's main thread.)
 */
export function useHydrated(): boolean {
  const serverRendered = useContext(ServerLayoutContext) !== null;
  const [hydrated, setHydrated] = useState(() => !serverRendered || tookOver);
  useEffect(() => {
    if (hydrated) return;
    tookOver = true;
    startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
