import { z } from 'zod/mini';
import { MIN_TRANSFER_CENTS } from './constants.ts';
import { isRangeWithinOneMonth } from './dates.ts';
import { apiDateSchema, listingQuerySchema, listingResponseSchema } from './listings.ts';
import { MESSAGES } from './messages.ts';
import { centsSchema } from './money.ts';
import { cbdcPaymentStatusSchema, transferStatusSchema, transferTypeSchema } from './statuses.ts';

/**
 * POST /api/account/v1/accounts/{accountId}/transfers. `{accountId}` is the merchant's main
 * wallet; `transfer_type` says which way the money goes; `account_type`/`account_id` name the
 * other side (one of the merchant's own linked accounts from GET /v1/accounts).
 *
 * | way                      | transfer_type | account_type | permission           | daily limit |
 * |--------------------------|---------------|--------------|----------------------|-------------|
 * | bank → main wallet       | CASH_IN       | BANK_ACCOUNT | create:cashins       | TOP         |
 * | main wallet → bank       | CASH_OUT      | BANK_ACCOUNT | create:cashouts      | ACH_CASHOUT |
 * | main wallet → beneficiary| CASH_OUT      | BENEFICIARY  | create:cashouts      | ACH_CASHOUT |
 * | JAM-DEX → main wallet    | CASH_IN       | CBDC         | create:cbdc-cashins  | none        |
 * | main wallet → JAM-DEX    | CASH_OUT      | CBDC         | create:cbdc-cashouts | none        |
 */
const transferDirectionSchema = z.enum(['CASH_IN', 'CASH_OUT']);
const transferCounterpartTypeSchema = z.enum(['BANK_ACCOUNT', 'CBDC', 'BENEFICIARY']);

export const createTransferSchema = z.strictObject({
  transfer_type: transferDirectionSchema,
  account_type: transferCounterpartTypeSchema,
  account_id: z.int().check(z.gte(1), z.lte(2_147_483_647)),
  amount: centsSchema.check(z.gte(MIN_TRANSFER_CENTS, MESSAGES.transfer.minimumAmount)),
});
export type CreateTransfer = z.infer<typeof createTransferSchema>;

/**
 * Every way but a cash-in from the bank takes money out of one of the merchant's wallets (the main
 * wallet, or JAM-DEX back to the main wallet): those need a recent second factor (ADR 030).
 */
export function leavesAWallet(transfer: Pick<CreateTransfer, 'transfer_type' | 'account_type'>): boolean {
  return transfer.transfer_type === 'CASH_OUT' || transfer.account_type === 'CBDC';
}

/** A row of the transfers history (spec section 3: Transfer). Amounts in cents. */
const transferSchema = z.object({
  transfer_id: z.string(),
  from: z.string(),
  to: z.string(),
  datetime: z.string(),
  total: centsSchema,
  commission: centsSchema,
  gct: centsSchema,
  type: transferTypeSchema,
  status: transferStatusSchema,
  currency: z.string(),
  /** Set on FAILED transfers: why, in the spec's words. */
  failure_reason: z.nullable(z.string()),
});
export type Transfer = z.infer<typeof transferSchema>;

export const transferResponseSchema = z.object({ data: transferSchema });

/** GET /api/account/v2/connected-account-transactions */
export const transfersQuerySchema = z.intersection(
  listingQuerySchema,
  z.object({ 'jam-dex-only': z._default(z.enum(['true', 'false']), 'false') }),
);
export const transfersListSchema = listingResponseSchema(transferSchema);

/** A JAM-DEX payment received (spec section 3: Payment). */
const cbdcPaymentSchema = z.object({
  id: z.string(),
  from_id: z.string(),
  date: z.string(),
  amount: centsSchema,
  status: cbdcPaymentStatusSchema,
});
export type CbdcPayment = z.infer<typeof cbdcPaymentSchema>;

/** GET /api/account/v1/accounts/{accountID}/payments */
export const cbdcPaymentsListSchema = listingResponseSchema(cbdcPaymentSchema);

/** GET /api/account/v1/accounts/{id}/export?from&to */
/** An export spans at most one calendar month (spec section 9). */
export const exportQuerySchema = z.object({ from: apiDateSchema, to: apiDateSchema }).check(
  z.refine((q) => q.from <= q.to, { message: 'from must not be after to', path: ['from'] }),
  z.refine((q) => isRangeWithinOneMonth(new Date(`${q.from}T00:00:00Z`), new Date(`${q.to}T00:00:00Z`)), {
    message: MESSAGES.dateRange.tooLong,
    path: ['to'],
  }),
);
export const exportResponseSchema = z.object({ base64_file: z.string() });
