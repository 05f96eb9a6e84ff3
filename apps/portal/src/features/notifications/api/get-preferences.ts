import { notificationPreferencesSchema, type NotificationPreference } from '@lynk/contract/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /api/profile/notifications-preferences (spec section 7). */
export const PREFERENCES_PATH = '/api/profile/notifications-preferences';

async function getPreferences({ signal }: { signal?: AbortSignal } = {}): Promise<NotificationPreference[]> {
  return (await apiClient.get(PREFERENCES_PATH, notificationPreferencesSchema, { signal }))
    .notification_preferences;
}

export function preferencesQueryKey(orgId: string) {
  return ['notification-preferences', orgId] as const;
}

export function usePreferences(orgId: string) {
  return useQuery(
    queryOptions({
      queryKey: preferencesQueryKey(orgId),
      queryFn: ({ signal }) => getPreferences({ signal }),
    }),
  );
}
