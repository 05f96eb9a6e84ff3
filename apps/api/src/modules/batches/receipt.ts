import {
  BATCH_RECEIPT_FILE_NAME,
  BATCH_RECEIPT_STATUSES,
  type CsvFileResponse,
} from '@lynk/contract/batches';
import { centsToDecimalString } from '@lynk/contract/money';
import { PRODUCT_MESSAGES } from '@lynk/contract/messages';
import type { Db } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { toCsv } from '../../lib/csv.ts';
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
 * with what it was charged, whether it was paid, when, the journal entry that paid it (the
 * reference support looks up) and why not. Rows found invalid at upload were never part of the
 * payment and are left out. Written by the one CSV writer.
 */
export async function batchReceipt(db: Db, merchantId: number, batchId: number): Promise<CsvFileResponse> {
  const batch = await findBatch(db, merchantId, batchId);
  if (!batch) throw notFound(PRODUCT_MESSAGES.batchNotFound);
  if (!(BATCH_RECEIPT_STATUSES as readonly string[]).includes(batch.status)) {
    throw new AppError('BATCH_STATUS_CONFLICT', 409, PRODUCT_MESSAGES.batchReceiptNotReady);
  }
  const rows = await findReceiptRows(db, batchId);
  const csv = toCsv(
    RECEIPT_HEADER,
    rows.map((row) => [
      row.row_number,
      row.lynk_id,
      row.name,
      centsToDecimalString(BigInt(row.amount)),
      centsToDecimalString(BigInt(row.fee)),
      centsToDecimalString(BigInt(row.gct)),
      row.status,
      row.paid_at ? row.paid_at.toISOString() : null,
      row.entry_id,
      row.error,
    ]),
  );
  return { data: { file_name: BATCH_RECEIPT_FILE_NAME, csv: Buffer.from(csv).toString('base64') } };
}
