import { updateLowBalanceThresholdSchema, type NotificationPreference } from '@lynk/contract/notifications';
import { z } from 'zod/mini';
import type { SettingsChanges } from './api/save-settings';
import { NOTIFICATION_TEXTS } from './texts';

/**
 * The settings form: a switch per code and the low-balance threshold as typed. The threshold must
 * be a whole number (spec section 5), then meets the contract's own bounds.
 */
export const settingsFormSchema = z.object({
  preferences: z.record(z.string(), z.boolean()),
  threshold: z.pipe(
    z.pipe(
      z.string().check(z.trim(), z.regex(/^\d+$/, NOTIFICATION_TEXTS.thresholdWhole)),
      z.transform((typed: string) => Number(typed)),
    ),
    updateLowBalanceThresholdSchema.shape.low_balance_threshold,
  ),
});

export type SettingsFormInput = z.input<typeof settingsFormSchema>;
export type SettingsFormOutput = z.output<typeof settingsFormSchema>;

/** The form's values for what the server holds now. */
export function settingsFormValues(
  preferences: readonly NotificationPreference[],
  threshold: number,
): SettingsFormInput {
  return {
    preferences: Object.fromEntries(preferences.map((p) => [p.code, p.enabled])),
    threshold: String(threshold),
  };
}

/** What to send: only the switches that changed, and the threshold only when it changed. */
export function settingsChanges(
  saved: readonly NotificationPreference[],
  savedThreshold: number,
  form: SettingsFormOutput,
): SettingsChanges {
  return {
    preferences: saved
      .filter((p) => form.preferences[p.code] !== undefined && form.preferences[p.code] !== p.enabled)
      .map((p) => ({ code: p.code, name: p.name, enabled: form.preferences[p.code]! })),
    threshold: form.threshold === savedThreshold ? undefined : form.threshold,
  };
}
