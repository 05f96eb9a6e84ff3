import { Readable } from 'node:stream';
import { parse, type Options } from 'csv-parse';
import { PRODUCT_MESSAGES } from '@lynk/contract/messages';
import type { Db } from '../../db/transaction.ts';
import { checkRow, isHandle, normaliseLynkId, payeeFees, readHeader, type Columns } from './rows.ts';
import {
  deletePayees,
  findBatchToValidate,
  findDirectoryEntries,
  finishValidation,
  insertPayees,
  readFileSlice,
  recordProgress,
  type PayeeRow,
  type ValidationResult,
} from './validation-repository.ts';

/** The queue a new batch is sent to; its handler checks the file's rows (spec section 4). */
export const VALIDATE_BATCH_JOB = 'batch-validate';
export interface ValidateBatchJob {
  batchId: number;
}

/** Rows looked up and written per round trip (two statements a chunk, whatever its size). */
const CHUNK_ROWS = 2000;
/** Bytes of the stored file read and handed to the parser at a time: a 20 MB file is never whole. */
const SLICE_BYTES = 1024 * 1024;

// A byte-order mark, quoted values and CRLF line ends are read as any spreadsheet writes them; a
// row with too few or too many values is the row's error, not the file's.
const CSV_OPTIONS: Options = { bom: true, skip_empty_lines: true, relax_column_count: true };

function slices(db: Db, batchId: number, bytes: number): Readable {
  return Readable.from(
    (async function* () {
      for (let at = 0; at < bytes; at += SLICE_BYTES) yield await readFileSlice(db, batchId, at, SLICE_BYTES);
    })(),
  );
}

const fileProblem = (error: string): ValidationResult => ({
  status: 'INVALID_PAYEE',
  payeeCount: 0,
  subtotal: 0n,
  fee: 0n,
  gct: 0n,
  rowsChecked: 0,
  error,
});

/**
 * Checks a NEW batch's file row by row in one streamed pass and ends it VALIDATED (every row pays
 * an active payee within the bounds) or INVALID_PAYEE (each bad row says why; a file that cannot
 * be read, has no header or no rows says so on the batch). Rows are looked up and written a chunk
 * at a time with the progress recorded after each, outside one long transaction so the embedded
 * database's single connection is not held. A retry starts the rows over. Answers the status it
 * set, or null when the batch was not NEW.
 */
export async function validateBatch(db: Db, batchId: number, now = new Date()): Promise<string | null> {
  const batch = await findBatchToValidate(db, batchId);
  if (!batch || batch.status !== 'NEW') return null;
  await deletePayees(db, batchId);
  const schedule = { basisPoints: batch.fee_basis_points, fixedCents: BigInt(batch.fee_fixed_cents) };
  const result: ValidationResult = { ...fileProblem(''), status: 'VALIDATED', error: null };
  const seen = new Map<string, number>();
  let columns: Columns | null = null;
  let chunk: string[][] = [];

  const flush = async () => {
    const handles = [
      ...new Set(chunk.map((r) => normaliseLynkId(r[columns!.lynkId] ?? '')).filter(isHandle)),
    ];
    const directory = await findDirectoryEntries(db, handles);
    const rows: PayeeRow[] = chunk.map((record) => {
      const rowNumber = result.rowsChecked + 1;
      result.rowsChecked = rowNumber;
      const row = checkRow(record, rowNumber, columns!, batch.merchant_id, directory, seen);
      const valid = row.errors.length === 0;
      const fees = valid ? payeeFees(row.amount!, schedule) : { fee: 0n, gct: 0n };
      if (valid) {
        result.subtotal += row.amount!;
        result.fee += fees.fee;
        result.gct += fees.gct;
      } else {
        result.status = 'INVALID_PAYEE';
      }
      return { rowNumber, ...row, ...fees, error: valid ? null : row.errors.join(' ') };
    });
    await insertPayees(db, batchId, rows);
    await recordProgress(db, batchId, result.rowsChecked);
    chunk = [];
  };

  try {
    for await (const record of slices(db, batchId, batch.file_bytes).pipe(
      parse(CSV_OPTIONS),
    ) as AsyncIterable<string[]>) {
      if (columns === null) {
        columns = readHeader(record);
        if (columns === null)
          return await finish(db, batchId, fileProblem(PRODUCT_MESSAGES.batchCsvHeader), now);
        continue;
      }
      chunk.push(record);
      if (chunk.length === CHUNK_ROWS) await flush();
    }
  } catch (error) {
    // Only the parser's refusals are the file's fault; a database failure is retried by the queue.
    if (!(error instanceof Error && 'code' in error && String(error.code).startsWith('CSV_'))) throw error;
    await deletePayees(db, batchId);
    return finish(db, batchId, fileProblem(PRODUCT_MESSAGES.batchCsvUnreadable), now);
  }
  if (chunk.length > 0) await flush();
  if (columns === null) return finish(db, batchId, fileProblem(PRODUCT_MESSAGES.batchCsvHeader), now);
  if (result.rowsChecked === 0) return finish(db, batchId, fileProblem(PRODUCT_MESSAGES.batchCsvEmpty), now);
  result.payeeCount = result.rowsChecked;
  return finish(db, batchId, result, now);
}

async function finish(db: Db, batchId: number, result: ValidationResult, now: Date) {
  return (await finishValidation(db, batchId, result, now)) ? result.status : null;
}
