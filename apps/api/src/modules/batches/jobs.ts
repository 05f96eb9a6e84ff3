import { pipeline, Readable } from 'node:stream';
import { CsvError, parse, type Options } from 'csv-parse';
import { PRODUCT_MESSAGES } from '@lynk/contract/messages';
import type { Db } from '../../db/transaction.ts';
import type { StartedByRequest } from '../../lib/job-log.ts';
import { checkRow, isHandle, normaliseLynkId, payeeFees, readHeader, type Columns } from './rows.ts';
import {
  deletePayees,
  findBatchToValidate,
  findDirectoryEntries,
  findUnvalidatedBatches,
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
export interface ValidateBatchJob extends StartedByRequest {
  batchId: number;
}

/**
 * Batches whose validation has not finished, for the queue to take up again at start: a job the
 * last process died in stays active in the queue until it expires, fifteen minutes on, and its
 * batch would read as validating until then. A second run of one batch starts it over, or does
 * nothing once it is validated.
 */
export function batchesToValidate(db: Db): Promise<number[]> {
  return findUnvalidatedBatches(db);
}

/** Rows looked up and written per round trip (two statements a chunk, whatever its size). */
const CHUNK_ROWS = 2000;

/**
 * The most values a row may have: the template's three, room for columns a merchant keeps beside
 * them, and the empty ones a spreadsheet writes after its last filled column (a sheet's columns A
 * to Z). A row of more is refused whole, as the parser reaches its one too many: a row is never
 * built bigger than this, whatever the file holds (a line of 20 M commas would be 20 M values).
 */
export const BATCH_ROW_MAX_VALUES = 26;
/**
 * The most characters a row's values may have together (its commas and quotes aside): a Lynk ID,
 * an amount and a name of 100 characters many times over, yet a quote left open cannot take the
 * rest of the file into one value. The parser stops at the one too many.
 */
export const BATCH_ROW_MAX_CHARACTERS = 4096;

/** Thrown by the parser's `cast` at a row's value past BATCH_ROW_MAX_VALUES: `records` rows came before it. */
class TooManyValues extends Error {
  readonly records: number;
  constructor(records: number) {
    super(`a row of more than ${BATCH_ROW_MAX_VALUES} values`);
    this.records = records;
  }
}

// A byte-order mark, quoted values and CRLF line ends are read as any spreadsheet writes them; a
// row with too few or too many values for its header is the row's error, not the file's, up to
// the bounds above. `max_record_size` counts a row's characters but not the commas between its
// values, so the count of values is held by `cast`, which sees each value before it joins its row.
const CSV_OPTIONS: Options = {
  bom: true,
  skip_empty_lines: true,
  relax_column_count: true,
  max_record_size: BATCH_ROW_MAX_CHARACTERS,
  cast: (value, context) => {
    if (context.index >= BATCH_ROW_MAX_VALUES) throw new TooManyValues(context.records);
    return value;
  },
};

const QUOTE_ERRORS = new Set(['INVALID_OPENING_QUOTE', 'CSV_INVALID_CLOSING_QUOTE', 'CSV_QUOTE_NOT_CLOSED']);

/**
 * Why the parser refused the file, as its error log says it; null for an error that is not the
 * file's (a database failure: the queue retries the job). The row is numbered as the error log
 * numbers payees: the rows the parser finished before it, less the column names.
 */
function fileRefusal(error: unknown): string | null {
  const tooLong = (records: number) =>
    PRODUCT_MESSAGES.batchRowTooLong(records, BATCH_ROW_MAX_VALUES, BATCH_ROW_MAX_CHARACTERS);
  if (error instanceof TooManyValues) return tooLong(error.records);
  if (!(error instanceof CsvError)) return null;
  const records = Number(error.records);
  if (error.code === 'CSV_MAX_RECORD_SIZE') return tooLong(records);
  if (QUOTE_ERRORS.has(error.code)) return PRODUCT_MESSAGES.batchCsvQuotes(records);
  return PRODUCT_MESSAGES.batchCsvUnreadable;
}

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
export async function validateBatch(db: Db, batchId: number, now: Date): Promise<string | null> {
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
  // Through `pipeline`, not `pipe`: a part that cannot be read ends the parser with that error, and
  // the loop below receives it, rather than it going unheard on the parts' stream (an uncaught
  // error ending the process) while the loop waits for ever.
  const records = pipeline(fileParts(db, batchId, read), parse(CSV_OPTIONS), () => {}) as AsyncIterable<
    string[]
  >;
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
    // The file's fault ends the batch INVALID_PAYEE for good; anything else is thrown for the
    // queue to retry, the batch still NEW.
    const refusal = fileRefusal(error);
    if (refusal === null) throw error;
    await deletePayees(db, batchId);
    return finish(db, batchId, fileProblem(refusal), now);
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
