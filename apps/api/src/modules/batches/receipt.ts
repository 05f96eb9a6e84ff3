import type { Readable } from 'node:stream';
import { BATCH_RECEIPT_FILE_NAME, BATCH_RECEIPT_STATUSES } from '@lynk/contract/batches';
import { centsToDecimalString } from '@lynk/contract/money';
import { PRODUCT_MESSAGES } from '@lynk/contract/messages';
import type { Db } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { csvTime } from '../../lib/csv.ts';
import { type AuditedCaller, recordDownload } from '../audit/index.ts';
import { csvFileBody, CSV_PAGE_ROWS, type CsvCell } from './files.ts';
import { findBatch, findReceiptRows } from './repository.ts';

const RECEIPT_HEADER = [
  'row',
  'lynk_id',
  'name',
  'amount',
  'fee',
  'gct',
  'status',
  'paid_at',
  'reference',
  'error',
];

/**
 * A processed batch's receipt (spec section 4, "receipt.csv"): every payee the batch tried to pay,
 * with what it was charged, whether it was paid, when (Jamaica time, as in every file the product
 * writes), the journal entry that paid it (the reference support looks up) and why not. Rows found
 * invalid at upload were never part of the payment and are left out. Read and written a page at a time through the one CSV writer, as a
 * stream of the contract's JSON; an unknown or unprocessed batch is refused before anything is sent.
 */
export async function batchReceipt(db: Db, caller: AuditedCaller, batchId: number): Promise<Readable> {
  const batch = await findBatch(db, caller.identity.merchant_id, batchId);
  if (!batch) throw notFound(PRODUCT_MESSAGES.batchNotFound);
  if (!(BATCH_RECEIPT_STATUSES as readonly string[]).includes(batch.status)) {
    throw new AppError('BATCH_STATUS_CONFLICT', 409, PRODUCT_MESSAGES.batchReceiptNotReady);
  }
  await recordDownload(db, caller, 'batch.receipt_downloaded', String(batch.id));
  async function* pages(): AsyncGenerator<CsvCell[][]> {
    for (let after = 0; ;) {
      const rows = await findReceiptRows(db, batchId, after, CSV_PAGE_ROWS);
      if (rows.length === 0) return;
      yield rows.map((row) => [
        row.row_number,
        row.lynk_id,
        row.name,
        centsToDecimalString(BigInt(row.amount)),
        centsToDecimalString(BigInt(row.fee)),
        centsToDecimalString(BigInt(row.gct)),
        row.status,
        row.paid_at ? csvTime(row.paid_at) : null,
        row.entry_id,
        row.error,
      ]);
      after = rows.at(-1)!.row_number;
    }
  }
  return csvFileBody(BATCH_RECEIPT_FILE_NAME, RECEIPT_HEADER, pages());
}
