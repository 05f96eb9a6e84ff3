import { useCallback, useSyncExternalStore } from 'react';

/**
 * Which balances the user revealed, kept outside the widgets: a widget may be re-mounted (the
 * widget row re-lays itself out when a balance loads and changes width), and the balance must not
 * hide itself again then. In memory only: a reload masks every balance again.
 */
const revealed = new Set<number>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useBalanceVisibility(accountId: number): [boolean, () => void] {
  // Masked in the page the server renders (it cannot know), then as this tab left it.
  const visible = useSyncExternalStore(
    subscribe,
    () => revealed.has(accountId),
    () => false,
  );
  const toggle = useCallback(() => {
    if (revealed.has(accountId)) revealed.delete(accountId);
    else revealed.add(accountId);
    listeners.forEach((listener) => listener());
  }, [accountId]);
  return [visible, toggle];
}

/** Masks every balance again (tests start from a clean slate with it). */
export function resetBalanceVisibility() {
  revealed.clear();
  listeners.forEach((listener) => listener());
}
