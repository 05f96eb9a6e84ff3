import { NOTIFICATION_EVENT } from '@lynk/contract/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { refreshNotifications } from './get-notifications';

/** GET /api/profile/notifications/stream: server-sent events, one per new notification (ADR 027). */
const NOTIFICATION_STREAM_PATH = '/api/profile/notifications/stream';

/** How long to wait before opening a stream again that the server refused (the browser gives up on those). */
const REOPEN_AFTER_MS = 30_000;

/**
 * Reads the bell's and the notifications page's queries again as soon as the server announces a
 * new notification, and after a reconnection (events may have been missed meanwhile). When the
 * stream cannot be had at all, the 2-minute polling of those queries carries on regardless.
 */
export function useNotificationStream(orgId: string) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return undefined;
    let source: EventSource | null = null;
    let reopen: number | undefined;
    let connectedBefore = false;
    const refresh = () => void refreshNotifications(queryClient, orgId);
    const connect = () => {
      const stream = new EventSource(NOTIFICATION_STREAM_PATH, { withCredentials: true });
      source = stream;
      stream.addEventListener(NOTIFICATION_EVENT, refresh);
      stream.addEventListener('open', () => {
        if (connectedBefore) refresh();
        connectedBefore = true;
      });
      stream.addEventListener('error', () => {
        // A dropped connection is reopened by the browser; a refused one (not 200) is closed for good.
        if (stream.readyState !== EventSource.CLOSED) return;
        reopen = window.setTimeout(connect, REOPEN_AFTER_MS);
      });
    };
    connect();
    return () => {
      window.clearTimeout(reopen);
      source?.close();
    };
  }, [orgId, queryClient]);
}
