/** Business constants and limits of spec section 9, plus the small helpers that apply them. */

export const PAGE_SIZE = 25;
export const PAGE_SIZE_SMARTPHONE = 10;
export const NOTIFICATIONS_PAGE_SIZE = 10;
export const BELL_NOTIFICATIONS_COUNT = 5;
export const LAST_REPORTS_COUNT = 5;

/** Upload validation and batch status are both polled at this interval. */
export const BATCH_POLL_INTERVAL_MS = 2000;
export const BATCH_STATUS_MAX_TRIES = 15;
export const UNREAD_NOTIFICATIONS_POLL_MS = 120_000;

export const BATCH_FILE_MAX_BYTES = 20 * 1024 * 1024;
export const BATCH_FILE_EXTENSION = '.csv';
export const BATCH_NAME_MAX_LENGTH = 100;
/** What one payee of a batch may receive, in cents: J$1.00 to J$1,000,000.00. */
export const BATCH_PAYEE_MIN_CENTS = 100;
export const BATCH_PAYEE_MAX_CENTS = 1_000_000_00;
/** A payee's name in a batch file (the table's tooltip cuts it at 25). */
export const BATCH_PAYEE_NAME_MAX_LENGTH = 100;

/** Lengths after which a text is cut with "..." (the full text stays in a tooltip where the spec says so). */
export const TRUNCATE_AT = {
  batchName: 15,
  payeeName: 25,
  mobileCardTitle: 20,
  notificationTitle: 25,
  notificationBody: 60,
} as const;

/** Usage percentages up to `success` are green, up to `warning` amber, above that red. */
const LIMIT_BAR_THRESHOLDS = { success: 49, warning: 74 } as const;
export type LimitBarColour = 'success' | 'warning' | 'danger';

/**
 * Percent of a limit used: 100 minus the truncated percentage remaining, within 0..100. Integer
 * arithmetic on cents, because 29 / 100 * 100 is 28.999… in floating point and would show 72, not 71.
 * A limit that is missing or zero, or an unreadable remainder (the -1 sentinel), shows as used up
 * rather than as free headroom.
 */
export function limitUsagePercent(remaining: number, limit: number): number {
  if (!(limit > 0) || !Number.isFinite(remaining)) return 100;
  const remainingPercent =
    Number.isSafeInteger(remaining) && Number.isSafeInteger(limit)
      ? Number((BigInt(remaining) * 100n) / BigInt(limit))
      : Math.trunc((remaining * 100) / limit);
  return Math.min(100, Math.max(0, 100 - remainingPercent));
}

export function limitBarColour(percent: number): LimitBarColour {
  if (percent <= LIMIT_BAR_THRESHOLDS.success) return 'success';
  if (percent <= LIMIT_BAR_THRESHOLDS.warning) return 'warning';
  return 'danger';
}

export const TOAST_DURATION_MS = { settingsError: 3000, copy: 2000 } as const;
/** The payment-request link is copied this long after pressing Copy. */
export const COPY_DELAY_MS = 2400;

/** Minimum amounts in cents: transfer J$0.10, refund J$1, payment request J$1. */
export const MIN_TRANSFER_CENTS = 10;
export const MIN_REFUND_CENTS = 100;
export const MIN_PAYMENT_REQUEST_CENTS = 100;
export const PAYEE_ID_MIN_LENGTH = 3;
export const REJECT_REASON_MAX_LENGTH = 45;
export const NOTE_MAX_LENGTH = 100;

export const REFUND_REASONS = ['WRONG', 'NOT_NEEDED', 'DAMAGED', 'OTHER'] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

export const EXPORT_MAX_ENTRIES = 100;
export const EXPORT_TABLES = ['Orders', 'Transfers', 'Refunds'] as const;
export type ExportTable = (typeof EXPORT_TABLES)[number];

/** The batch limit shown until the real one is fetched: J$100, in cents like every amount. */
export const DEFAULT_BATCH_LIMIT_BALANCE_CENTS = 100 * 100;

/** The details modal switches to its side layout when the viewport is wider than this (px). */
const DETAILS_MODAL_SIDE_LAYOUT_MIN_WIDTH = 500;

export function usesDetailsSideLayout(viewportWidth: number): boolean {
  return viewportWidth > DETAILS_MODAL_SIDE_LAYOUT_MIN_WIDTH;
}

/** On smartphones a tab set with more than 3 tabs pages through them 2 at a time. */
export const SMARTPHONE_TABS = { pagingAbove: 3, perPage: 2 } as const;

export function smartphoneTabsShown(tabCount: number): number {
  return tabCount > SMARTPHONE_TABS.pagingAbove ? SMARTPHONE_TABS.perPage : tabCount;
}

export type SortDirection = 'asc' | 'desc';

/** Listing endpoints take the sort in upper case (`sort=ASC|DESC`). */
export const SORT_PARAMS = ['ASC', 'DESC'] as const;
export type SortParam = (typeof SORT_PARAMS)[number];

export function sortParam(direction: SortDirection): SortParam {
  return direction === 'asc' ? 'ASC' : 'DESC';
}

export const QR_JPEG_QUALITY = 0.98;

export function batchFileName(name: string): string {
  return `batch_${name}.csv`;
}

export function exportFileName(wallet: string, start: string, end: string): string {
  return `${wallet}_${start}_to_${end}.csv`;
}

export function qrFileName(merchant: string): string {
  return `${merchant}__qrCode`;
}

const PHONE_CHARACTERS = /^[\d\s().+-]+$/;
const US_PHONE = /^1?(\d{3})(\d{3})(\d{4})$/;

/** "+1 (876) 555-1234" for a North American number (Jamaica is +1 876); anything else as given. */
export function formatPhone(phone: string): string {
  if (!PHONE_CHARACTERS.test(phone)) return phone;
  const match = US_PHONE.exec(phone.replace(/\D/g, ''));
  if (!match) return phone;
  return `+1 (${match[1]}) ${match[2]}-${match[3]}`;
}

/** Keeps the first `max` characters and adds "..." when something was cut; never splits an emoji. */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  return `${chars.slice(0, Math.max(0, max)).join('')}...`;
}
