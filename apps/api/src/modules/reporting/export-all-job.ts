import { promisify } from 'node:util';
import { gzip as gzipCallback } from 'node:zlib';
import type { SessionIdentity } from '@lynk/contract/session';
import { inTransaction, type Db } from '../../db/transaction.ts';
import { csvRecords } from '../../lib/csv.ts';
import type { StartedByRequest } from '../../lib/job-log.ts';
import { listAccounts } from '../account/index.ts';
import { listingDayBounds } from '../ledger/index.ts';
import { notifyExportReady } from '../notifications/index.ts';
import { EXPORT_SOURCES } from './export-all-sources.ts';
import {
  advanceExport,
  claimExport,
  finishExport,
  findExportsToRun,
  insertChunk,
  type ClaimedExport,
} from './export-all-repository.ts';
import { REPORT_HEADER } from './rows.ts';

const gzip = promisify(gzipCallback);

/** The queue an "Export all" is sent to; its job writes the file. */
export const EXPORT_ALL_JOB = 'report-export-all';
export interface ExportAllJob extends StartedByRequest {
  exportId: string;
}

/** Rows read, written and compressed at a time: one chunk of the file. */
const EXPORT_PAGE_ROWS = 10_000;
/**
 * A run writes a chunk every fraction of a second; one silent this long died with its worker, and
 * the next worker to look takes the export over from its last chunk.
 */
const EXPORT_STALLED_AFTER_MS = 2 * 60_000;

export interface ExportRunDeps {
  db: Db;
  now: () => Date;
  pageRows?: number;
  /** Called after each chunk is committed (a test stops a run there, as a crash would). */
  afterChunk?: (seq: number) => void | Promise<void>;
}

/** Thrown inside a chunk's transaction when another run took the export over: nothing is written. */
class RunTakenOver extends Error {}

/**
 * Writes an export's file: takes it (queued, or left by a run that died), then one page of rows at
 * a time from where the last chunk ended — each page one gzip member, stored with the cursor and
 * counts in one transaction, so a crash loses at most the page in hand and a run that lost the
 * export writes nothing more. The last page marks it READY and tells its owner. Never more than a
 * page of rows in memory. 'TAKEN' when there was nothing to take (done, or another run is alive).
 */
export async function runExport(
  deps: ExportRunDeps,
  exportId: string,
): Promise<'READY' | 'FAILED' | 'TAKEN' | 'LOST'> {
  const { db, now } = deps;
  const claimed = await claimExport(db, exportId, now(), new Date(now().getTime() - EXPORT_STALLED_AFTER_MS));
  if (!claimed) return 'TAKEN';
  try {
    return await writeChunks(deps, claimed);
  } catch (error) {
    if (error instanceof RunTakenOver) return 'LOST';
    await finishExport(db, claimed.id, claimed.run, 'FAILED', now());
    throw error;
  }
}

async function writeChunks(deps: ExportRunDeps, claimed: ClaimedExport): Promise<'READY' | 'LOST'> {
  const { db, now } = deps;
  const limit = deps.pageRows ?? EXPORT_PAGE_ROWS;
  const identity = claimed.identity as SessionIdentity;
  const source = EXPORT_SOURCES[claimed.source];
  const accounts = await listAccounts(db, claimed.merchant_id);
  const bounds = listingDayBounds({
    ...(claimed.start_date ? { from_utc: claimed.start_date } : {}),
    ...(claimed.end_date ? { to_utc: claimed.end_date } : {}),
  });
  let cursor: unknown = claimed.cursor;
  let seq = claimed.chunks;
  let rowsDone = claimed.rows_done;
  const read = (after: unknown) => {
    const reading = source.page(db, identity, accounts, bounds, after, limit);
    // Awaited below; a failure meanwhile is not an unhandled rejection.
    reading.catch(() => undefined);
    return reading;
  };
  let reading = read(cursor);
  for (;;) {
    // A run that wrote the last page but died before marking it ready ends with an empty page.
    const page = await reading;
    const header = seq === 0 ? csvRecords([REPORT_HEADER]) : '';
    const last = page.rows.length < limit;
    // The next page is read while this one is written (on PostgreSQL, on another connection):
    // two pages in memory at most.
    if (!last) reading = read(page.next);
    if (page.rows.length > 0 || seq === 0) {
      const data = await gzip(header + csvRecords(page.rows));
      const next = page.next ?? cursor;
      await inTransaction(db, async (trx) => {
        const moved = await advanceExport(trx, claimed.id, claimed.run, {
          cursor: next,
          rows: page.rows.length,
          bytes: data.length,
          now: now(),
        });
        if (!moved) throw new RunTakenOver();
        await insertChunk(trx, claimed.id, seq, data);
      });
      await deps.afterChunk?.(seq);
      cursor = next;
      seq += 1;
      rowsDone += page.rows.length;
    }
    if (last) break;
  }
  const finished = await inTransaction(db, async (trx) => {
    if (!(await finishExport(trx, claimed.id, claimed.run, 'READY', now()))) return false;
    await notifyExportReady(trx, {
      merchantId: claimed.merchant_id,
      userId: claimed.user_id,
      exportId: claimed.id,
      fileName: claimed.file_name,
      rows: rowsDone,
      at: now(),
    });
    return true;
  });
  return finished ? 'READY' : 'LOST';
}

/** Exports no live run is writing, for the queue to take up again (at start and every minute). */
export function exportsToResume(db: Db, now: Date): Promise<string[]> {
  return findExportsToRun(db, new Date(now.getTime() - EXPORT_STALLED_AFTER_MS));
}
