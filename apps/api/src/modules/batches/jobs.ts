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
  markDuplicateRows,
  readFilePart,
  recordProgress,
  type PayeeRow,
  type ValidationResult,
} from './validation-repository.ts';
import { payeeTotals } from './processing-repository.ts';

/** The queue a new batch is sent to; its handler checks the file's rows (spec section 4). */
export const VALIDATE_BATCH_JOB = 'batch-validate';
export interface ValidateBatchJob {
  batchId: number;
}

/** Rows looked up and written per round trip (two statements a chunk, whatever its size). */
const CHUNK_ROWS = 2000;

// A byte-order mark, quoted values and CRLF line ends are read as any spreadsheet writes them; a
// row with too few or too many values is the row's error, not the file's.
const CSV_OPTIONS: Options = { bom: true, skip_empty_lines: true, relax_column_count: true };

/**
 * The stored file, read and handed to the parser a part at a time: a 20 MB file is never whole.
 * `read.bytes` counts what was handed over.
 */
function fileParts(db: Db, batchId: number, read: { bytes: number }): Readable {
  return Readable.from(
    (async function* () {
      for (let part = 0; ; part += 1) {
        const bytes = await readFilePart(db, batchId, part);
        if (!bytes) return;
        read.bytes += bytes.length;
        yield bytes;
      }
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
  let rowsChecked = 0;
  let columns: Columns | null = null;
  let chunk: string[][] = [];

  const flush = async () => {
    const handles = [
      ...new Set(chunk.map((r) => normaliseLynkId(r[columns!.lynkId] ?? '')).filter(isHandle)),
    ];
    const directory = await findDirectoryEntries(db, handles);
    const rows: PayeeRow[] = chunk.map((record) => {
      rowsChecked += 1;
      const row = checkRow(record, columns!, batch.merchant_id, directory);
      const valid = row.errors.length === 0;
      const fees = valid ? payeeFees(row.amount!, schedule) : { fee: 0n, gct: 0n };
      return { rowNumber: rowsChecked, ...row, ...fees, error: valid ? null : row.errors.join(' ') };
    });
    await insertPayees(db, batchId, rows);
    await recordProgress(db, batchId, rowsChecked);
    chunk = [];
  };

  const read = { bytes: 0 };
  const records = fileParts(db, batchId, read).pipe(parse(CSV_OPTIONS)) as AsyncIterable<string[]>;
  try {
    for await (const record of records) {
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
  // A part missing (or one too many) would be paid as a shorter (or another) file: when the file
  // ended on a row's end, nothing else would tell. Only the file as it was uploaded is paid.
  if (read.bytes !== batch.file_bytes) {
    await deletePayees(db, batchId);
    return finish(db, batchId, fileProblem(PRODUCT_MESSAGES.batchFileIncomplete), now);
  }
  if (columns === null) return finish(db, batchId, fileProblem(PRODUCT_MESSAGES.batchCsvHeader), now);
  if (rowsChecked === 0) return finish(db, batchId, fileProblem(PRODUCT_MESSAGES.batchCsvEmpty), now);
  // Totals are added up from the stored rows once repeated payees are marked: nothing the size of
  // the file is kept in memory while its rows are checked.
  await markDuplicateRows(db, batchId, PRODUCT_MESSAGES.batchRowDuplicate);
  const totals = await payeeTotals(db, batchId);
  return finish(
    db,
    batchId,
    {
      status: totals.invalid === 0 ? 'VALIDATED' : 'INVALID_PAYEE',
      payeeCount: rowsChecked,
      subtotal: totals.subtotal,
      fee: totals.fee,
      gct: totals.gct,
      rowsChecked,
      error: null,
    },
    now,
  );
}

async function finish(db: Db, batchId: number, result: ValidationResult, now: Date) {
  return (await finishValidation(db, batchId, result, now)) ? result.status : null;
}
