/** One notification as the bell lists it. */
export interface BellNotification {
  id: string;
  title: string;
  read: boolean;
}

/** What the bell shows: nothing to read yet, or the latest notifications and the unread count. */
export type BellFeed =
  | { status: 'unavailable' }
  | { status: 'loading' }
  | { status: 'ready'; latest: readonly BellNotification[]; unread: number };

/**
 * The bell's feed. The portal has no notifications API yet, so the bell says plainly that
 * notifications are not available. When the API lands, this hook is the one place that changes:
 * it reads the latest `BELL_NOTIFICATIONS_COUNT` notifications and polls the unread count every
 * `UNREAD_NOTIFICATIONS_POLL_MS` (both in the contract's constants) with a TanStack query.
 */
export function useBellFeed(): BellFeed {
  return { status: 'unavailable' };
}
