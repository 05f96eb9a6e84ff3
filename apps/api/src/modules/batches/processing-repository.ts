import { sql } from 'kysely';
import type { BatchStatus } from '../../db/schema-batches.ts';
import type { Db } from '../../db/transaction.ts';

/** The processing's reads and writes of the batch tables (ADR 023). */

export interface BatchToProcess {
  id: number;
  merchant_id: number;
  status: BatchStatus;
  fee_basis_points: number;
  fee_fixed_cents: string;
  payee_count: number;
  subtotal: string;
  lynk_fee: string;
  lynk_fee_gct: string;
  total: string;
  account_id: number | null;
  account_type: string | null;
  cash_in_id: string | null;
  reviewed_by: number | null;
  limit_period_start: string | null;
}

const processColumns = [
  'id',
  'merchant_id',
  'status',
  'fee_basis_points',
  'fee_fixed_cents',
  'payee_count',
  'subtotal',
  'lynk_fee',
  'lynk_fee_gct',
  'total',
  'account_id',
  'account_type',
  'cash_in_id',
  'reviewed_by',
  'limit_period_start',
] as const;

/**
 * An APPROVED batch becomes PROCESSING, counted against the week it starts in; one already
 * PROCESSING (a restart) is taken up as it is. Anything else is not the processing's to touch.
 */
export async function startProcessing(
  db: Db,
  batchId: number,
  week: string,
  now: Date,
): Promise<BatchToProcess | undefined> {
  const started = await db
    .updateTable('batch_payments')
    .set({ status: 'PROCESSING', limit_period_start: week, updated_at: now })
    .where('id', '=', batchId)
    .where('status', '=', 'APPROVED')
    .returning(processColumns)
    .executeTakeFirst();
  if (started) return started;
  return db
    .selectFrom('batch_payments')
    .select(processColumns)
    .where('id', '=', batchId)
    .where('status', '=', 'PROCESSING')
    .executeTakeFirst();
}

/** Sums of the batch's payable rows (the validation's totals, held against them again before paying), and how many rows are not payable. */
export async function payeeTotals(db: Db, batchId: number) {
  const payable = sql.raw(`status <> 'INVALID'`);
  const row = await db
    .selectFrom('batch_payees')
    .select([
      sql<string>`count(*) filter (where ${payable})`.as('count'),
      sql<string>`count(*) filter (where not ${payable})`.as('invalid'),
      sql<string>`coalesce(sum(amount) filter (where ${payable}), 0)`.as('subtotal'),
      sql<string>`coalesce(sum(fee) filter (where ${payable}), 0)`.as('fee'),
      sql<string>`coalesce(sum(gct) filter (where ${payable}), 0)`.as('gct'),
    ])
    .where('batch_id', '=', batchId)
    .executeTakeFirstOrThrow();
  return {
    count: Number(row.count),
    invalid: Number(row.invalid),
    subtotal: BigInt(row.subtotal),
    fee: BigInt(row.fee),
    gct: BigInt(row.gct),
  };
}

export interface PayablePayee {
  row_number: number;
  lynk_id: string;
  amount: string;
  fee: string;
  gct: string;
  account_id: number;
}

/** The next payees still to pay, in row order after `afterRow`. */
export async function findPayablePayees(
  db: Db,
  batchId: number,
  afterRow: number,
  limit: number,
): Promise<PayablePayee[]> {
  const rows = await db
    .selectFrom('batch_payees')
    .select(['row_number', 'lynk_id', 'amount', 'fee', 'gct', 'account_id'])
    .where('batch_id', '=', batchId)
    .where('row_number', '>', afterRow)
    .where('status', '=', 'VALID')
    .orderBy('row_number')
    .limit(limit)
    .execute();
  return rows as PayablePayee[];
}

/** A payee that cannot be paid as priced is FAILED without touching money (only while VALID). */
export async function failPayee(db: Db, batchId: number, rowNumber: number, error: string) {
  await db
    .updateTable('batch_payees')
    .set({ status: 'FAILED', error })
    .where('batch_id', '=', batchId)
    .where('row_number', '=', rowNumber)
    .where('status', '=', 'VALID')
    .execute();
}

/** Every VALID payee of the batch FAILED with the batch's reason (nothing was paid). */
export async function failRemainingPayees(db: Db, batchId: number, error: string) {
  await db
    .updateTable('batch_payees')
    .set({ status: 'FAILED', error })
    .where('batch_id', '=', batchId)
    .where('status', '=', 'VALID')
    .execute();
}

/** The processing is alive: the resume sweep leaves a batch touched recently alone. */
export async function touchBatch(db: Db, batchId: number, now: Date) {
  await db.updateTable('batch_payments').set({ updated_at: now }).where('id', '=', batchId).execute();
}

export async function recordCashIn(db: Db, batchId: number, transferId: string, now: Date) {
  await db
    .updateTable('batch_payments')
    .set({ cash_in_id: transferId, updated_at: now })
    .where('id', '=', batchId)
    .where('status', '=', 'PROCESSING')
    .execute();
}

export async function countPaidPayees(db: Db, batchId: number) {
  const row = await db
    .selectFrom('batch_payees')
    .select([
      sql<string>`count(*) filter (where status = 'PAID')`.as('paid'),
      sql<string>`count(*) filter (where status = 'VALID')`.as('unpaid'),
    ])
    .where('batch_id', '=', batchId)
    .executeTakeFirstOrThrow();
  return { paid: Number(row.paid), unpaid: Number(row.unpaid) };
}

/** PROCESSING → its outcome, once; false when another run finished it first. */
export async function finishBatch(
  db: Db,
  batchId: number,
  values: { status: BatchStatus; paidCount: number; error: string | null; now: Date },
): Promise<boolean> {
  const updated = await db
    .updateTable('batch_payments')
    .set({
      status: values.status,
      paid_count: values.paidCount,
      error: values.error,
      completed_at: values.now,
      updated_at: values.now,
    })
    .where('id', '=', batchId)
    .where('status', '=', 'PROCESSING')
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}

/** Batches APPROVED or PROCESSING that nobody has touched since `idleSince`: their job was lost. */
export async function findStalledBatches(db: Db, idleSince: Date): Promise<number[]> {
  const rows = await db
    .selectFrom('batch_payments')
    .select('id')
    .where('status', 'in', ['APPROVED', 'PROCESSING'])
    .where('updated_at', '<=', idleSince)
    .orderBy('updated_at')
    .execute();
  return rows.map((row) => row.id);
}

export async function findOrganizationOf(db: Db, merchantId: number): Promise<string> {
  const row = await db
    .selectFrom('merchants')
    .select('organization_id')
    .where('id', '=', merchantId)
    .executeTakeFirstOrThrow();
  return row.organization_id;
}
