import {
  lowBalanceThresholdSchema,
  notificationPreferencesSchema,
  type UpdateNotificationPreferences,
} from '@lynk/contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { PREFERENCES_PATH, preferencesQueryKey } from './get-preferences';
import { PROFILE_ROOT_PATH, thresholdQueryKey } from './get-threshold';

export interface SettingsChanges {
  /** Only the preferences that changed (spec section 7: "with the changed preference list"). */
  preferences: UpdateNotificationPreferences['notification_preferences'];
  /** Set when the threshold changed. */
  threshold?: number | undefined;
}

/** PUT notifications-preferences and PUT on the profile root, each only when it has changes. */
async function saveSettings(changes: SettingsChanges): Promise<void> {
  if (changes.preferences.length > 0) {
    await apiClient.put(PREFERENCES_PATH, notificationPreferencesSchema, {
      body: { notification_preferences: changes.preferences },
    });
  }
  if (changes.threshold !== undefined) {
    await apiClient.put(PROFILE_ROOT_PATH, lowBalanceThresholdSchema, {
      body: { low_balance_threshold: changes.threshold },
    });
  }
}

/** On success the data reloads (spec section 4, "Notification settings"). */
export function useSaveSettings(orgId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveSettings,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: preferencesQueryKey(orgId) }),
        queryClient.invalidateQueries({ queryKey: thresholdQueryKey(orgId) }),
      ]),
  });
}
