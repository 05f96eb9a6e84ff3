import { z } from 'zod/mini';
import { listingMetaSchema, wholeNumberParam, MAX_PAGE_SIZE } from './listings.ts';
import { centsSchema } from './money.ts';
import { orderChannelSchema } from './statuses.ts';
import { PAGE_SIZE } from './constants.ts';

/**
 * The cashier's cash-up (end of shift), under /api/payment/shifts:
 * - GET  /shifts/current          the open shift's running totals: the caller's own (a cashier), or
 *                                 every cashier's of the branch (a manager, who reads all orders).
 * - GET  /shifts                  closed shifts, newest first; a manager may filter by cashier.
 * - GET  /shifts/{id}             one closed shift with the payments and refunds behind it.
 * - GET  /shifts/{id}/csv         the same as a CSV file.
 * - POST /shifts/close            closes the open shift that started at `started_at`.
 * - POST /shifts/{id}/reopen      a manager reopens a disputed shift, with a reason.
 * A cashier sees only their own shifts; another's, or another branch's, looks missing (404).
 */

export const SHIFT_REOPEN_REASON_MAX_LENGTH = 200;

export const SHIFT_MESSAGES = {
  alreadyClosed: 'This shift has already been closed. Refresh to see the shift that is open now.',
  notFound: 'Shift not found.',
  cashierNotFound: 'Cashier not found.',
  notReopenable: 'Only the latest closed shift of a cashier can be reopened, and only once.',
  reasonRequired: 'A reason is required to reopen a shift.',
  reasonTooLong: `The reason can be at most ${SHIFT_REOPEN_REASON_MAX_LENGTH} characters.`,
} as const;

export const shiftIdSchema = z.string().check(z.regex(/^\d{1,18}$/, 'A shift id is digits only'));

/** What a shift took on one channel, or on all of them. Amounts in cents; net may be negative. */
const shiftFiguresSchema = z.object({
  payments_count: z.int(),
  payments: centsSchema,
  refunds_count: z.int(),
  refunds: centsSchema,
  net: z.int(),
});

/**
 * A shift's totals. Orders are paid in J$ only (a JAM-DEX payment is not an order), so a shift
 * has one currency; it is named so that a second would be told apart rather than added in.
 */
const shiftTotalsSchema = z.extend(shiftFiguresSchema, {
  currency: z.literal('JMD'),
  by_channel: z.array(z.extend(shiftFiguresSchema, { channel: orderChannelSchema })),
});
export type ShiftTotals = z.infer<typeof shiftTotalsSchema>;

const SHIFT_STATUSES = ['OPEN', 'CLOSED', 'REOPENED'] as const;

const shiftSchema = z.object({
  /** Null while the shift is open. */
  id: z.nullable(z.string()),
  status: z.enum(SHIFT_STATUSES),
  cashier_id: z.int(),
  cashier_name: z.string(),
  started_at: z.string(),
  /** Null while open: the running totals are as of `as_of`. */
  closed_at: z.nullable(z.string()),
  as_of: z.string(),
  closed_by_name: z.nullable(z.string()),
  reopened_at: z.nullable(z.string()),
  reopened_by_name: z.nullable(z.string()),
  reopen_reason: z.nullable(z.string()),
  totals: shiftTotalsSchema,
});
export type Shift = z.infer<typeof shiftSchema>;

const shiftEntrySchema = z.object({
  kind: z.enum(['PAYMENT', 'REFUND']),
  m_order_id: z.string(),
  /** The refund's id for a refund, null for a payment. */
  refund_id: z.nullable(z.string()),
  channel: orderChannelSchema,
  amount: centsSchema,
  at: z.string(),
});
export type ShiftEntry = z.infer<typeof shiftEntrySchema>;

export const currentShiftsResponseSchema = z.object({ result: z.array(shiftSchema) });

export const shiftsQuerySchema = z.object({
  offset: z._default(wholeNumberParam(0, 10_000_000), 0),
  limit: z._default(wholeNumberParam(1, MAX_PAGE_SIZE), PAGE_SIZE),
  cashier_id: z.optional(wholeNumberParam(1, 2_147_483_647)),
});
export type ShiftsQuery = z.infer<typeof shiftsQuerySchema>;

export const shiftsListSchema = z.object({ result: z.array(shiftSchema), meta_data: listingMetaSchema });

export const shiftDetailResponseSchema = z.object({
  data: z.extend(shiftSchema, { entries: z.array(shiftEntrySchema) }),
});
export type ShiftDetail = z.infer<typeof shiftDetailResponseSchema>['data'];

/** The open shift being closed, as the caller last saw it: a close of one already closed is a 409. */
export const closeShiftSchema = z.strictObject({
  /** Whose shift (a manager closing a cashier's); the caller's own when absent. */
  cashier_id: z.optional(z.int().check(z.gte(1), z.lte(2_147_483_647))),
  // An instant as the API wrote it (ISO 8601 with its offset). A pattern rather than zod's ISO
  // schema, which would add its parser to the portal's first screen for this one field.
  started_at: z.string().check(
    z.regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,9})?(Z|[+-]\d{2}:\d{2})$/, 'Not a time'),
    z.refine((value) => !Number.isNaN(Date.parse(value)), 'Not a time'),
  ),
});
export type CloseShift = z.infer<typeof closeShiftSchema>;

export const reopenShiftSchema = z.strictObject({
  reason: z
    .string()
    .check(
      z.trim(),
      z.minLength(1, SHIFT_MESSAGES.reasonRequired),
      z.maxLength(SHIFT_REOPEN_REASON_MAX_LENGTH, SHIFT_MESSAGES.reasonTooLong),
    ),
});

export const shiftResponseSchema = z.object({ data: shiftSchema });

export const SHIFT_CSV_HEADER = ['Type', 'Order ID', 'Refund ID', 'Channel', 'Date', 'Amount (J$)'];

export function shiftFileName(shift: { cashier_name: string; closed_at: string | null; id: string | null }) {
  const day = (shift.closed_at ?? '').slice(0, 10);
  return `cash-up-${shift.id ?? 'open'}-${day}.csv`;
}
