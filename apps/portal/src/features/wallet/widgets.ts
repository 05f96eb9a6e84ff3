import type { LimitTransferType } from '@lynk/contract/statuses';

/** Dashboard widget keys (spec section 2: "A configuration list of widget keys can hide widgets"). */
const WIDGET_KEYS = ['balance', 'payments-limit', 'cash-in-limit', 'cash-out-limit'] as const;
export type WidgetKey = (typeof WIDGET_KEYS)[number];

/** The limit widgets in display order: Payments (weekly batches), Cash - In, Cash - Out (daily). */
export const LIMIT_WIDGETS: readonly { key: WidgetKey; type: LimitTransferType }[] = [
  { key: 'payments-limit', type: 'MBATCH' },
  { key: 'cash-in-limit', type: 'TOP' },
  { key: 'cash-out-limit', type: 'ACH_CASHOUT' },
];

/**
 * The widgets a deployment hides, from `VITE_HIDDEN_WIDGETS` ("balance,cash-out-limit"), read at
 * build time. Unknown keys are ignored rather than failing the dashboard.
 */
export function hiddenWidgets(raw: string | undefined = import.meta.env.VITE_HIDDEN_WIDGETS): Set<WidgetKey> {
  const keys = (raw ?? '')
    .split(',')
    .map((key) => key.trim().toLowerCase())
    .filter((key): key is WidgetKey => (WIDGET_KEYS as readonly string[]).includes(key));
  return new Set(keys);
}
