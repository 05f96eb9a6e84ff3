import { sql } from 'kysely';
import { inTransaction, type Db } from '../../db/transaction.ts';
import type { DirectoryEntry } from './rows.ts';

/** The validation job's queries: the batch's file, the payee directory and the payee rows. */

/**
 * What the validation job needs of a batch: its state, payer, the fee schedule it was priced with
 * and the size of the file as it was uploaded.
 */
export function findBatchToValidate(db: Db, batchId: number) {
  return db
    .selectFrom('batch_payments')
    .select(['id', 'merchant_id', 'status', 'fee_basis_points', 'fee_fixed_cents', 'file_bytes'])
    .where('id', '=', batchId)
    .executeTakeFirst();
}

/** Batches uploaded and not validated yet, oldest first. */
export async function findUnvalidatedBatches(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('batch_payments')
    .select('id')
    .where('status', '=', 'NEW')
    .orderBy('id')
    .execute();
  return rows.map((row) => row.id);
}

/** One part of the batch's file (0-based), or null past its last. */
export async function readFilePart(db: Db, batchId: number, part: number): Promise<Buffer | null> {
  const row = await db
    .selectFrom('batch_file_parts')
    .select('bytes')
    .where('batch_id', '=', batchId)
    .where('part', '=', part)
    .executeTakeFirst();
  return row ? Buffer.from(row.bytes) : null;
}

/** A retried job starts over: the rows an interrupted run wrote are removed first. */
export async function deletePayees(db: Db, batchId: number): Promise<void> {
  await db.deleteFrom('batch_payees').where('batch_id', '=', batchId).execute();
}

/**
 * The directory's entries among these handles, in one query. A wallet user comes before a
 * merchant of the same handle (the later `set` wins, and MERCHANT sorts before CONSUMER).
 */
export async function findDirectoryEntries(db: Db, handles: string[]): Promise<Map<string, DirectoryEntry>> {
  const found = new Map<string, DirectoryEntry>();
  if (handles.length === 0) return found;
  const rows = await db
    .selectFrom('payee_directory')
    .select(['handle', 'account_id', 'merchant_id', 'active'])
    .where('handle', 'in', handles)
    .orderBy('profile_type')
    .execute();
  for (const row of rows) found.set(row.handle, row);
  return found;
}

export interface PayeeRow {
  rowNumber: number;
  lynkId: string;
  lynkKey: string;
  amountText: string;
  name: string;
  amount: bigint | null;
  fee: bigint;
  gct: bigint;
  accountId: number | null;
  error: string | null;
}

/**
 * A chunk of payee rows in one statement: each column travels as one array (`unnest`), so the
 * statement's size and its parameters do not grow with the chunk.
 */
export async function insertPayees(db: Db, batchId: number, rows: PayeeRow[]): Promise<void> {
  if (rows.length === 0) return;
  const column = <T>(pick: (row: PayeeRow) => T) => rows.map(pick);
  await sql`
    insert into batch_payees
      (batch_id, row_number, lynk_id, lynk_key, amount_text, name, amount, fee, gct, account_id, status, error)
    select ${batchId}, r.row_number, r.lynk_id, r.lynk_key, r.amount_text, r.name, r.amount, r.fee, r.gct, r.account_id,
           case when r.error is null then 'VALID' else 'INVALID' end, r.error
      from unnest(
        ${column((r) => r.rowNumber)}::integer[],
        ${column((r) => r.lynkId)}::text[],
        ${column((r) => r.lynkKey)}::text[],
        ${column((r) => r.amountText)}::text[],
        ${column((r) => r.name)}::text[],
        ${column((r) => r.amount?.toString() ?? null)}::bigint[],
        ${column((r) => r.fee.toString())}::bigint[],
        ${column((r) => r.gct.toString())}::bigint[],
        ${column((r) => r.accountId)}::integer[],
        ${column((r) => r.error)}::text[]
      ) as r(row_number, lynk_id, lynk_key, amount_text, name, amount, fee, gct, account_id, error)
  `.execute(db);
}

/**
 * Marks each row whose Lynk ID an earlier row already has: INVALID, unpaid and unpriced, with
 * `duplicate(first row)` after its other errors. One statement over the batch's stored rows.
 *
 * Without nested loops: a new batch's id lies past the table's statistics (they were taken on the
 * batches before it), so the planner expects one row on each side of the join, picks a nested
 * loop and runs the window once per row of the batch: 42 s for 10,000 rows on PostgreSQL. The
 * hash join it takes instead reads each side once, whatever the statistics say.
 */
export async function markDuplicateRows(db: Db, batchId: number, duplicate: (row: number) => string) {
  // The message's words around the row number, so the spec's one text is written by the database.
  const marker = 987654321;
  const [before, after] = duplicate(marker).split(String(marker));
  await inTransaction(db, async (trx) => {
    await sql`set local enable_nestloop = off`.execute(trx);
    await sql`
      update batch_payees p
         set status = 'INVALID', account_id = null, fee = 0, gct = 0,
             error = concat_ws(' ', p.error, ${before} || d.first_row || ${after})
        from (select row_number, min(row_number) over (partition by lynk_key) as first_row
                from batch_payees
               where batch_id = ${batchId}) d
       where p.batch_id = ${batchId} and p.row_number = d.row_number and d.row_number > d.first_row
    `.execute(trx);
    // In a caller's transaction the setting would otherwise last until it ends.
    await sql`set local enable_nestloop = on`.execute(trx);
  });
}

/** Rows checked so far; the estimate of the total grows if the file had more rows than lines counted. */
export async function recordProgress(db: Db, batchId: number, rowsChecked: number): Promise<void> {
  await db
    .updateTable('batch_payments')
    .set({ rows_checked: rowsChecked, rows_total: sql`greatest(rows_total, ${rowsChecked})` })
    .where('id', '=', batchId)
    .where('status', '=', 'NEW')
    .execute();
}

export interface ValidationResult {
  status: 'VALIDATED' | 'INVALID_PAYEE';
  payeeCount: number;
  subtotal: bigint;
  fee: bigint;
  gct: bigint;
  rowsChecked: number;
  error: string | null;
}

/** Ends a NEW batch's validation; false when it was no longer NEW. */
export async function finishValidation(db: Db, batchId: number, result: ValidationResult, now: Date) {
  const updated = await db
    .updateTable('batch_payments')
    .set({
      status: result.status,
      payee_count: result.payeeCount,
      subtotal: result.subtotal,
      lynk_fee: result.fee,
      lynk_fee_gct: result.gct,
      total: result.subtotal + result.fee + result.gct,
      rows_checked: result.rowsChecked,
      rows_total: result.rowsChecked,
      error: result.error,
      updated_at: now,
    })
    .where('id', '=', batchId)
    .where('status', '=', 'NEW')
    .executeTakeFirst();
  return updated.numUpdatedRows > 0n;
}
