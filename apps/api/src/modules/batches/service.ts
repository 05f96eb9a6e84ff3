import type { Batch, CreateBatch, SinglePayee, SinglePayeeResponse } from '@lynk/contract/batches';
import { batchFileName } from '@lynk/contract/constants';
import type { ListingQuery } from '@lynk/contract/listings';
import { PRODUCT_MESSAGES } from '@lynk/contract/messages';
import { centsToDecimalString } from '@lynk/contract/money';
import type { SessionIdentity } from '@lynk/contract/session';
import type { Db } from '../../db/transaction.ts';
import { notFound } from '../../lib/app-error.ts';
import { toCsv } from '../../lib/csv.ts';
import { type EngineOutcome, type PostingRequest, withIdempotency } from '../ledger/index.ts';
import { recordAudit } from '../audit/index.ts';
import type { FeeSchedule } from '../orders/index.ts';
import type { DecodedFile } from './upload-body.ts';
import { estimateRows, uploadedFileParts } from './files.ts';
import type { EnqueueBatchJob } from './queue.ts';
import { findBatch, insertBatch, listBatches as listBatchRows, type BatchRow } from './repository.ts';

export interface BatchSettings {
  feeSchedule: FeeSchedule;
}

export interface BatchCaller {
  identity: SessionIdentity;
  ip: string;
  now: Date;
  settings: BatchSettings;
  /** Sends a stored batch to the validation queue, in the transaction that stored it. */
  enqueue: EnqueueBatchJob | null;
}

const iso = (date: Date | null) => (date ? date.toISOString() : null);

function toBatchDto(row: BatchRow): Batch {
  return {
    id: row.id,
    name: row.name,
    status: row.status,
    payee_count: row.payee_count,
    subtotal: Number(row.subtotal),
    lynk_fee: Number(row.lynk_fee),
    lynk_fee_gct: Number(row.lynk_fee_gct),
    total: Number(row.total),
    created_at: row.created_at.toISOString(),
    created_by: row.created_by,
    created_by_id: String(row.created_by_id),
    requested_by_id: row.requested_by_id === null ? null : String(row.requested_by_id),
    completed_at: iso(row.completed_at),
    reviewed_at: iso(row.reviewed_at),
    reviewed_by: row.reviewed_by,
    merchant_id: row.merchant_id,
    account_id: row.account_id,
    account_type: row.account_type,
    cash_in_id: row.cash_in_id,
    rows_checked: row.rows_checked,
    rows_total: row.rows_total,
    payees_not_paid: row.payee_count - row.paid_count,
    error: row.error,
  };
}

export async function listBatches(db: Db, merchantId: number, query: ListingQuery) {
  const { rows, total } = await listBatchRows(db, merchantId, query);
  return {
    result: rows.map(toBatchDto),
    meta_data: { count: rows.length, limit: query.limit, offset: query.offset, total },
  };
}

export async function getBatch(db: Db, merchantId: number, batchId: number): Promise<Batch> {
  const row = await findBatch(db, merchantId, batchId);
  if (!row) throw notFound(PRODUCT_MESSAGES.batchNotFound);
  return toBatchDto(row);
}

/** Stores a NEW batch and queues its validation, under the caller's Idempotency-Key claim. */
function storeBatch<T>(
  db: Db,
  caller: BatchCaller,
  batch: { name: string; fileName: string; parts: Buffer[] },
  claim: NonNullable<PostingRequest['idempotency']>,
  answer: (id: number) => T,
): Promise<EngineOutcome> {
  const { identity, now, settings } = caller;
  return withIdempotency(db, claim, async (trx) => {
    const id = await insertBatch(
      trx,
      {
        merchant_id: identity.merchant_id,
        name: batch.name,
        file_name: batch.fileName,
        status: 'NEW',
        fee_basis_points: settings.feeSchedule.basisPoints,
        fee_fixed_cents: settings.feeSchedule.fixedCents,
        rows_total: estimateRows(batch.parts),
        created_by: Number(identity.id),
        created_at: now,
        updated_at: now,
      },
      batch.parts,
    );
    await recordAudit(trx, {
      actorUserId: Number(identity.id),
      organizationId: identity.org_id,
      action: 'batch.uploaded',
      subject: String(id),
      details: { file_name: batch.fileName, bytes: batch.parts.reduce((sum, part) => sum + part.length, 0) },
      ip: caller.ip,
    });
    await caller.enqueue?.(trx, id);
    return { statusCode: 201, body: answer(id) };
  });
}

/** An upload as the route has read it: the contract's members, the file decoded (upload-body.ts). */
export type BatchUpload = Omit<CreateBatch, 'csv'> & { file: DecodedFile };

/**
 * An uploaded batch, stored NEW and priced later with the fee schedule in force now. Every refusal
 * comes before the Idempotency-Key is claimed, so a refused upload writes nothing. Without a
 * `file_name` the file is kept as `batch_{name}.csv`.
 */
export async function createBatch(
  db: Db,
  caller: BatchCaller,
  input: BatchUpload,
  claim: NonNullable<PostingRequest['idempotency']>,
): Promise<EngineOutcome> {
  // Another merchant's id looks like one that does not exist.
  if (input.merchant_id !== caller.identity.merchant_id)
    throw notFound(PRODUCT_MESSAGES.batchMerchantNotFound);
  const parts = uploadedFileParts(input);
  const fileName = input.file_name ?? batchFileName(input.name || 'upload');
  return storeBatch(db, caller, { name: input.name, fileName, parts }, claim, (id) => ({ data: { id } }));
}

/**
 * A single payment (spec section 4): a one-row batch file written by the one CSV writer, then
 * validated like any upload. The Lynk ID goes in without its `@` (the writer would neutralise a
 * leading `@` as a formula); the validation reads it either way.
 */
export async function createSinglePayee(
  db: Db,
  caller: BatchCaller,
  input: SinglePayee,
  claim: NonNullable<PostingRequest['idempotency']>,
): Promise<EngineOutcome> {
  const csv = toCsv(['lynk_id', 'amount'], [[input.lynk_id.slice(1), centsToDecimalString(input.amount)]]);
  const name = `Single payment to ${input.lynk_id}`;
  const file = Buffer.from(csv);
  return storeBatch(
    db,
    caller,
    { name, fileName: batchFileName(name), parts: [file] },
    claim,
    (id): SinglePayeeResponse => ({
      payees: [{ batch_id: id, row_number: 1, lynk_id: input.lynk_id, amount: input.amount }],
    }),
  );
}
