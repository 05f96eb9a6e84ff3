/**
 * A click made on a page rendered by the server before the portal took it over (ADR 038): the
 * page's inline script keeps it (the API's `lib/early-clicks.ts`) and hands it over here.
 */
declare global {
  interface Window {
    lynkEarlyClicks?: { takeOver(): Element | null };
  }
}

/** Stops the page's script keeping clicks; the one it kept, if any. */
function takeOver(): Element | null {
  return window.lynkEarlyClicks?.takeOver() ?? null;
}

/**
 * Right after `hydrateRoot`, when React listens itself: the kept click is made again. React then
 * hydrates at once the part of the page it landed on (its selective hydration of a clicked
 * part), not in the transition's slices, and answers it. Made from inside React's work (an
 * effect), the click would find that part still waiting and be dropped.
 */
export function replayEarlyClick(): void {
  const target = takeOver();
  if (target?.isConnected) {
    target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
  }
}

/** Before the page is rendered anew in the browser: what was clicked is about to go. */
export function dropEarlyClicks(): void {
  takeOver();
}
