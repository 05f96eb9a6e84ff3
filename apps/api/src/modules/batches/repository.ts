import { sql, type Insertable } from 'kysely';
import type { ListingQuery } from '@lynk/contract/listings';
import type { BatchPaymentsTable } from '../../db/schema-batches.ts';
import type { Db } from '../../db/transaction.ts';
import { listingDayBounds } from '../ledger/index.ts';

/** Only the batches module reads and writes the batch tables. */

export type NewBatch = Omit<
  Insertable<BatchPaymentsTable>,
  | 'id'
  | 'error'
  | 'completed_at'
  | 'reviewed_at'
  | 'reviewed_by'
  | 'requested_by'
  | 'account_id'
  | 'account_type'
  | 'cash_in_id'
  | 'file_bytes'
>;

/** A batch's file is written and read back in parts of this size (migration 0015). */
export const FILE_PART_BYTES = 1024 * 1024;

/** Stores a batch and its file, a part at a time: never one parameter of the whole file. */
export async function insertBatch(db: Db, batch: NewBatch, parts: Buffer[]): Promise<number> {
  const fileBytes = parts.reduce((sum, part) => sum + part.length, 0);
  const { id } = await db
    .insertInto('batch_payments')
    .values({ ...batch, file_bytes: fileBytes })
    .returning('id')
    .executeTakeFirstOrThrow();
  for (const [part, bytes] of parts.entries()) {
    await db.insertInto('batch_file_parts').values({ batch_id: id, part, bytes }).execute();
  }
  return id;
}

const batchColumns = [
  'b.id',
  'b.name',
  'b.status',
  'b.payee_count',
  'b.subtotal',
  'b.lynk_fee',
  'b.lynk_fee_gct',
  'b.total',
  'b.created_at',
  'creator.display_name as created_by',
  'b.created_by as created_by_id',
  'b.requested_by as requested_by_id',
  'b.completed_at',
  'b.reviewed_at',
  'reviewer.display_name as reviewed_by',
  'b.merchant_id',
  'b.account_id',
  'b.account_type',
  'b.cash_in_id',
  'b.rows_checked',
  'b.rows_total',
  'b.paid_count',
  'b.error',
] as const;

function batchesOf(db: Db) {
  return db
    .selectFrom('batch_payments as b')
    .innerJoin('users as creator', 'creator.id', 'b.created_by')
    .leftJoin('users as reviewer', 'reviewer.id', 'b.reviewed_by');
}

export type BatchRow = NonNullable<Awaited<ReturnType<typeof findBatch>>>;

/** One batch of a merchant; another tenant's looks missing. */
export function findBatch(db: Db, merchantId: number, batchId: number) {
  return batchesOf(db)
    .select(batchColumns)
    .where('b.merchant_id', '=', merchantId)
    .where('b.id', '=', batchId)
    .executeTakeFirst();
}

/** A page of a merchant's batches by upload time, and how many match. */
export async function listBatches(db: Db, merchantId: number, query: ListingQuery) {
  const { from, to } = listingDayBounds(query);
  let base = db.selectFrom('batch_payments as b').where('b.merchant_id', '=', merchantId);
  if (from) base = base.where('b.created_at', '>=', from);
  if (to) base = base.where('b.created_at', '<', to);
  const direction = query.sort === 'ASC' ? 'asc' : 'desc';
  const pageIds = base
    .select('b.id')
    .orderBy('b.created_at', direction)
    .orderBy('b.id', direction)
    .limit(query.limit)
    .offset(query.offset);
  const [rows, count] = await Promise.all([
    batchesOf(db)
      .select(batchColumns)
      .where('b.id', 'in', pageIds)
      .orderBy('b.created_at', direction)
      .orderBy('b.id', direction)
      .execute(),
    base.select(sql<string>`count(*)`.as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** A page of a batch's payees in row order after `afterRow`, for the CSV download. */
export function findPayeeRows(db: Db, batchId: number, afterRow = 0, limit = 5000) {
  return db
    .selectFrom('batch_payees')
    .select(['row_number', 'lynk_id', 'amount_text', 'name', 'status', 'error'])
    .where('batch_id', '=', batchId)
    .where('row_number', '>', afterRow)
    .orderBy('row_number')
    .limit(limit)
    .execute();
}

/** A page of the payees a processed batch tried to pay (not the rows invalid at upload), in file order. */
export function findReceiptRows(db: Db, batchId: number, afterRow: number, limit: number) {
  return db
    .selectFrom('batch_payees')
    .select([
      'row_number',
      'lynk_id',
      'name',
      'amount',
      'fee',
      'gct',
      'status',
      'paid_at',
      'entry_id',
      'error',
    ])
    .where('batch_id', '=', batchId)
    .where('status', '<>', 'INVALID')
    .where('row_number', '>', afterRow)
    .orderBy('row_number')
    .limit(limit)
    .$narrowType<{ amount: string }>()
    .execute();
}

/** The directory's entry under one handle (a wallet user before a merchant of the same handle). */
export function findPayee(db: Db, handle: string) {
  return db
    .selectFrom('payee_directory')
    .selectAll()
    .where('handle', '=', handle)
    .orderBy('profile_type')
    .limit(1)
    .executeTakeFirst();
}

/** Where a page of an "Export all" of payouts left off: a batch and a row of its file. */
export interface PayoutCursor {
  batchId: number;
  row: number;
}

/**
 * The next `limit` payees of a merchant's batches made within `bounds` after `before`: the newest
 * batch first, each batch's payees in file order (a keyset page, whatever the number of batches).
 */
export function payoutRowsAfter(
  db: Db,
  merchantId: number,
  bounds: { from?: Date | undefined; to?: Date | undefined },
  before: PayoutCursor | null,
  limit: number,
) {
  let query = db
    .selectFrom('batch_payees as p')
    .innerJoin('batch_payments as b', 'b.id', 'p.batch_id')
    .select([
      'b.id as batch_id',
      'b.name as batch_name',
      'b.created_at',
      'p.row_number',
      'p.lynk_id',
      'p.name',
      'p.amount',
      'p.fee',
      'p.gct',
      'p.status',
      'p.paid_at',
      'p.error',
    ])
    .where('b.merchant_id', '=', merchantId);
  if (bounds.from) query = query.where('b.created_at', '>=', bounds.from);
  if (bounds.to) query = query.where('b.created_at', '<', bounds.to);
  if (before) {
    query = query.where((eb) =>
      eb.or([
        eb('b.id', '<', before.batchId),
        eb.and([eb('b.id', '=', before.batchId), eb('p.row_number', '>', before.row)]),
      ]),
    );
  }
  return query.orderBy('b.id', 'desc').orderBy('p.row_number', 'asc').limit(limit).execute();
}
