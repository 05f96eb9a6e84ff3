import { Readable } from 'node:stream';
import { BATCH_CSV_COLUMNS, BATCH_TEMPLATE_FILE_NAME, type CsvFileResponse } from '@lynk/contract/batches';
import { BATCH_FILE_EXTENSION, BATCH_FILE_MAX_BYTES, batchFileName } from '@lynk/contract/constants';
import { MESSAGES, PRODUCT_MESSAGES } from '@lynk/contract/messages';
import type { Db } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { csvRecords, toCsv } from '../../lib/csv.ts';
import { type AuditedCaller, recordDownload } from '../audit/index.ts';
import { findBatch, findPayeeRows } from './repository.ts';
import type { DecodedFile } from './upload-body.ts';

/** Rows read and written at a time by the CSV download. */
export const CSV_PAGE_ROWS = 5000;

/**
 * The uploaded file's parts, refused with the spec's texts (section 5): a `.csv` name when one is
 * given, between one byte and 20 MB (worked out from the base64's length), base64, and text
 * rather than a binary file renamed. The file was decoded as the body arrived (upload-body.ts).
 */
export function uploadedFileParts(input: { file_name?: string | undefined; file: DecodedFile }): Buffer[] {
  const { file } = input;
  if (input.file_name !== undefined && !input.file_name.toLowerCase().endsWith(BATCH_FILE_EXTENSION)) {
    throw new AppError('BATCH_FILE_TYPE', 400, MESSAGES.batch.wrongFileType);
  }
  if (file.characters === 0 || file.size > BATCH_FILE_MAX_BYTES) {
    throw new AppError('BATCH_FILE_SIZE', 400, MESSAGES.batch.fileTooLarge);
  }
  if (file.characters % 4 !== 0 || file.unreadable) {
    throw new AppError('BATCH_FILE_UNREADABLE', 400, PRODUCT_MESSAGES.batchFileUnreadable);
  }
  if (file.size === 0) throw new AppError('BATCH_FILE_SIZE', 400, MESSAGES.batch.fileTooLarge);
  // A spreadsheet or image renamed .csv: NUL bytes or bytes that are not UTF-8 text.
  if (file.binary) throw new AppError('BATCH_FILE_TYPE', 400, MESSAGES.batch.wrongFileType);
  return file.parts;
}

/** About how many data rows a file has (its lines less the header): the progress bar's total until validated. */
export function estimateRows(parts: Buffer[]): number {
  let lines = 0;
  for (const part of parts) {
    for (let at = part.indexOf(10); at !== -1; at = part.indexOf(10, at + 1)) lines += 1;
  }
  const last = parts.at(-1);
  if (last && last.length > 0 && last[last.length - 1] !== 10) lines += 1;
  return Math.max(lines - 1, 0);
}

/** The template the upload modal offers: the header and two example rows. */
export function batchTemplate(): CsvFileResponse {
  const csv = toCsv(
    [...BATCH_CSV_COLUMNS],
    [
      ['janedoe', '1500.00', 'Jane Doe'],
      ['kemar.b', '250.50', 'Kemar Brown'],
    ],
  );
  return { data: { file_name: BATCH_TEMPLATE_FILE_NAME, csv: Buffer.from(csv).toString('base64') } };
}

export type CsvCell = string | number | null;

/**
 * A CSV file answered as the contract's `{ data: { file_name, csv } }` (the file in base64), written
 * a page of records at a time through the one CSV writer: neither the file, nor its base64, nor the
 * JSON is ever whole in memory, whatever the batch's size. The base64 runs on across pages (a
 * page's last one or two bytes wait for the next).
 */
export function csvFileBody(fileName: string, header: string[], pages: AsyncIterable<CsvCell[][]>): Readable {
  let carry = Buffer.alloc(0);
  const encode = (text: string, last = false) => {
    const bytes = Buffer.concat([carry, Buffer.from(text)]);
    const whole = last ? bytes.length : bytes.length - (bytes.length % 3);
    carry = Buffer.from(bytes.subarray(whole));
    return bytes.subarray(0, whole).toString('base64');
  };
  return Readable.from(
    (async function* () {
      yield `{"data":{"file_name":${JSON.stringify(fileName)},"csv":"`;
      yield encode(toCsv(header, []));
      for await (const records of pages) yield encode(csvRecords(records));
      yield `${encode('', true)}"}}`;
    })(),
    { objectMode: false },
  );
}

/**
 * A batch's rows as the file had them, with each row's status and, when asked, its error: the
 * error log of an INVALID_PAYEE batch. A problem with the whole file is the error log's one row.
 * Read and written a page at a time (a batch may have 400,000 rows): the answer is a stream of the
 * contract's JSON. An unknown batch is refused before anything is sent.
 */
export async function batchCsv(
  db: Db,
  caller: AuditedCaller,
  batchId: number,
  includeErrors: boolean,
): Promise<Readable> {
  const batch = await findBatch(db, caller.identity.merchant_id, batchId);
  if (!batch) throw notFound(PRODUCT_MESSAGES.batchNotFound);
  await recordDownload(db, caller, 'batch.file_downloaded', String(batch.id), {
    include_errors: includeErrors,
  });
  const header = ['row', ...BATCH_CSV_COLUMNS, 'status', ...(includeErrors ? ['error'] : [])];
  async function* pages(): AsyncGenerator<CsvCell[][]> {
    for (let after = 0; ;) {
      const rows = await findPayeeRows(db, batchId, after, CSV_PAGE_ROWS);
      if (rows.length === 0) break;
      yield rows.map((row) => [
        row.row_number,
        row.lynk_id,
        row.amount_text,
        row.name,
        row.status,
        ...(includeErrors ? [row.error] : []),
      ]);
      after = rows.at(-1)!.row_number;
    }
    if (includeErrors && batch!.error) yield [['', '', '', '', 'INVALID', batch!.error]];
  }
  return csvFileBody(batchFileName(batch.name || String(batch.id)), header, pages());
}
