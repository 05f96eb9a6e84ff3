import { z } from 'zod/mini';
import {
  BATCH_FILE_MAX_BYTES,
  BATCH_NAME_MAX_LENGTH,
  BATCH_PAYEE_MAX_CENTS,
  BATCH_PAYEE_MIN_CENTS,
  PAYEE_ID_MIN_LENGTH,
  REJECT_REASON_MAX_LENGTH,
} from './constants.ts';
import type { Gate } from './permissions.ts';
import { listingQuerySchema, listingResponseSchema, wholeNumberParam } from './listings.ts';
import { centsSchema } from './money.ts';
import { batchStatusSchema } from './statuses.ts';

/**
 * The columns of a batch file, named in its first row (any order, any case): the payee's Lynk ID
 * (`@` optional), the amount in J$ (`1500` or `1500.00`, at most two decimals) and, optionally, a
 * name for the payee the merchant keeps for their own records. Other columns are ignored.
 */
export const BATCH_CSV_COLUMNS = ['lynk_id', 'amount', 'name'] as const;
export const BATCH_CSV_REQUIRED_COLUMNS = ['lynk_id', 'amount'] as const;
/** The template file the upload modal offers (`GET batch-payments/template`). */
export const BATCH_TEMPLATE_FILE_NAME = 'batch_template.csv';

/**
 * The request body's limit on the upload route alone: the base64 of the largest file (4 characters
 * per 3 bytes) plus room for the name and the JSON around it. Every other route keeps the default.
 */
export const BATCH_UPLOAD_BODY_LIMIT = Math.ceil(BATCH_FILE_MAX_BYTES / 3) * 4 + 64 * 1024;

/** A batch's id as paths carry it. */
const batchIdParamSchema = wholeNumberParam(1, 2_147_483_647);
export const batchParamsSchema = z.object({ id: batchIdParamSchema });

/**
 * POST /api/payment/batch-payments (spec section 7): `merchant_id` (the caller's own), an optional
 * `name`, the file's bytes in base64 and, optionally, the name of the file the user picked. A
 * `file_name` not ending in `.csv` is refused with the spec's text; the API checks the extension,
 * the size and the content itself so every refusal carries the spec's wording (section 5).
 */
export const createBatchSchema = z.strictObject({
  merchant_id: z.int().check(z.positive(), z.lte(2_147_483_647)),
  name: z._default(z.string().check(z.trim(), z.maxLength(BATCH_NAME_MAX_LENGTH)), ''),
  file_name: z.optional(z.string().check(z.minLength(1), z.maxLength(255))),
  csv: z.string(),
});
export type CreateBatch = z.infer<typeof createBatchSchema>;

export const createBatchResponseSchema = z.object({ data: z.object({ id: z.int() }) });

/** A batch payment (spec section 3). Amounts in cents; the fee and its GCT are Lynk's. */
const batchSchema = z.object({
  id: z.int(),
  name: z.string(),
  status: batchStatusSchema,
  payee_count: z.int(),
  subtotal: centsSchema,
  lynk_fee: centsSchema,
  lynk_fee_gct: centsSchema,
  total: centsSchema,
  created_at: z.string(),
  /** The display name of the staff member who uploaded it. */
  created_by: z.string(),
  /** The session `id` of who uploaded it and of who sent it for approval: see `isBatchMaker`. */
  created_by_id: z.string(),
  requested_by_id: z.nullable(z.string()),
  completed_at: z.nullable(z.string()),
  reviewed_at: z.nullable(z.string()),
  reviewed_by: z.nullable(z.string()),
  merchant_id: z.int(),
  /** The source of funds, set on approval. */
  account_id: z.nullable(z.int()),
  account_type: z.nullable(z.string()),
  cash_in_id: z.nullable(z.string()),
  /** Validation progress: data rows checked so far, of about how many in the file. */
  rows_checked: z.int(),
  rows_total: z.int(),
  /** Rows whose payee is not (or not yet) PAID: the partial-success count after processing. */
  payees_not_paid: z.int(),
  /** A problem with the file as a whole (unreadable, no header, no rows); rows carry their own. */
  error: z.nullable(z.string()),
});
export type Batch = z.infer<typeof batchSchema>;

/**
 * Maker-checker (spec section 4): who uploaded a batch or sent it for approval may reject it but
 * never approve it; another admin does. The API refuses such an approval (403 SELF_APPROVAL).
 */
export function isBatchMaker(batch: Pick<Batch, 'created_by_id' | 'requested_by_id'>, userId: string) {
  return batch.created_by_id === userId || batch.requested_by_id === userId;
}

/** GET /api/payment/batch-payments */
export const batchesQuerySchema = listingQuerySchema;
export const batchesListSchema = listingResponseSchema(batchSchema);
/** GET /api/payment/batch-payments/{id} */
export const batchResponseSchema = z.object({ data: batchSchema });

/** A Lynk ID as the portal sends it: `@` and at least three characters (spec section 5). */
export const lynkIdSchema = z
  .string()
  .check(
    z.trim(),
    z.regex(
      new RegExp(`^@[A-Za-z0-9._-]{${PAYEE_ID_MIN_LENGTH},30}$`),
      'A Lynk ID is "@" followed by 3 to 30 letters, digits, ".", "_" or "-"',
    ),
  );

/** Cents a payee may receive in one batch row. */
export const payeeAmountSchema = z
  .int()
  .check(
    z.gte(BATCH_PAYEE_MIN_CENTS, 'The amount is below the minimum for a payee'),
    z.lte(BATCH_PAYEE_MAX_CENTS, 'The amount is above the maximum for a payee'),
  );

/** POST /api/payment/batch-payments/single-payee: one payee, the amount in cents. */
export const singlePayeeSchema = z.strictObject({ lynk_id: lynkIdSchema, amount: payeeAmountSchema });
export type SinglePayee = z.infer<typeof singlePayeeSchema>;

/** The answer to a single payment: the payees list whose first item carries the new batch's id. */
export const singlePayeeResponseSchema = z.object({
  payees: z.array(
    z.object({
      batch_id: z.int(),
      row_number: z.int(),
      lynk_id: z.string(),
      amount: centsSchema,
    }),
  ),
});
export type SinglePayeeResponse = z.infer<typeof singlePayeeResponseSchema>;

/** POST batch-payments/{id}/approve: the source of funds; BANK_ACCT is read as BANK_ACCOUNT. */
const BATCH_FUNDING_TYPES = ['LYNK', 'BANK_ACCOUNT'] as const;
export const approveBatchSchema = z.strictObject({
  account_type: z.pipe(
    z.pipe(
      z.string(),
      z.transform((type: string) =>
        type.toUpperCase() === 'BANK_ACCT' ? 'BANK_ACCOUNT' : type.toUpperCase(),
      ),
    ),
    z.enum(BATCH_FUNDING_TYPES),
  ),
  account_id: z.int().check(z.positive(), z.lte(2_147_483_647)),
});
export type ApproveBatch = z.infer<typeof approveBatchSchema>;

/**
 * Who may reject a batch: its maker on the confirm step ("Reject", batch-payments create) or the
 * checker on the review page (batch-payments approve).
 */
export const BATCH_REJECT_GATE: Gate = { anyOf: ['create:batch-payments', 'approve:batch-payments'] };

/** The `notifications.data.lynkRouteRedirect` of a batch's notifications: its review page or the history. */
export function batchReviewPath(orgId: string, batchId: number): string {
  return `/${orgId.replace(/^org_/, '')}/lynk-wallet/payment-history/review/${batchId}`;
}
export function paymentHistoryPath(orgId: string): string {
  return `/${orgId.replace(/^org_/, '')}/lynk-wallet/payment-history`;
}

/** POST batch-payments/{id}/reject: an optional reason of at most 45 characters. */
export const rejectBatchSchema = z.strictObject({
  reason: z._default(z.string().check(z.trim(), z.maxLength(REJECT_REASON_MAX_LENGTH)), ''),
});
export type RejectBatch = z.infer<typeof rejectBatchSchema>;

/** GET batch-payments/{id}/csv?include_errors=true|false */
export const batchCsvQuerySchema = z.object({
  include_errors: z.pipe(
    z._default(z.enum(['true', 'false']), 'false'),
    z.transform((value: 'true' | 'false') => value === 'true'),
  ),
});
/**
 * GET batch-payments/{id}/receipt: a processed batch's receipt (spec section 4, "receipt.csv"),
 * each payee's row with its outcome, for a COMPLETED, COMPLETED_WITH_ERRORS or FAILED batch.
 */
export const BATCH_RECEIPT_FILE_NAME = 'receipt.csv';
export const BATCH_RECEIPT_STATUSES = ['COMPLETED', 'COMPLETED_WITH_ERRORS', 'FAILED'] as const;

/** A CSV file the API writes, as base64, with the name to save it under. */
export const csvFileResponseSchema = z.object({
  data: z.object({ file_name: z.string(), csv: z.string() }),
});
export type CsvFileResponse = z.infer<typeof csvFileResponseSchema>;

/** GET /api/profile/payee-lookup?lynk_id=@{id} */
export const payeeLookupQuerySchema = z.object({ lynk_id: lynkIdSchema });
const PAYEE_PROFILE_TYPES = ['CONSUMER', 'MERCHANT'] as const;

/**
 * A payee as the lookup answers it (spec section 3). `profile_type` CONSUMER is a wallet user,
 * MERCHANT a business wallet. What the simulated world does not record (a welcome bonus, whether
 * the default username was kept) is null rather than made up.
 */
const payeeLookupSchema = z.object({
  id: z.int(),
  user_id: z.int(),
  display_name: z.string(),
  user_name: z.string(),
  name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone_number: z.nullable(z.string()),
  welcome_bonus_claimed: z.nullable(z.boolean()),
  keep_default_username: z.nullable(z.boolean()),
  verified: z.boolean(),
  profile_type: z.enum(PAYEE_PROFILE_TYPES),
});
export type PayeeLookup = z.infer<typeof payeeLookupSchema>;
export const payeeLookupResponseSchema = z.object({ data: payeeLookupSchema });
