import { LAST_REPORTS_COUNT } from '@lynk/contract/constants';
import { MESSAGES, PRODUCT_MESSAGES } from '@lynk/contract/messages';
import { passesGate } from '@lynk/contract/permissions';
import {
  BACKGROUND_EXPORT_KEEP_DAYS,
  BACKGROUND_EXPORTS_IN_PROGRESS_MAX,
  backgroundExportFileName,
  type BackgroundExport,
  type BackgroundExportRequest,
} from '@lynk/contract/reporting';
import type { SessionIdentity } from '@lynk/contract/session';
import { inTransaction, type Db } from '../../db/transaction.ts';
import { AppError, forbidden, notFound } from '../../lib/app-error.ts';
import { EXPORT_EARLIEST_DATE, listAccounts } from '../account/index.ts';
import { type AuditedCaller, recordAudit, recordDownload } from '../audit/index.ts';
import { jamaicaDate } from '../ledger/index.ts';
import { EXPORT_SOURCES } from './export-all-sources.ts';
import {
  countExportsInProgress,
  deleteExpiredExports,
  findExport,
  insertExport,
  listLatestExports,
  readChunks,
  type ExportRecord,
} from './export-all-repository.ts';

const DAY_MS = 24 * 60 * 60_000;

/** Queues an export's job in the transaction that records it (null: no queue, the sweep sends it). */
export type EnqueueExport = (trx: Db, exportId: string) => Promise<void>;

function toDto(record: ExportRecord): BackgroundExport {
  return {
    id: record.id,
    source: record.source,
    file_name: record.file_name,
    start: record.start_date,
    end: record.end_date,
    status: record.status,
    rows_done: record.rows_done,
    created_at: record.created_at.toISOString(),
    finished_at: record.finished_at ? record.finished_at.toISOString() : null,
    expires_at: record.expires_at.toISOString(),
    downloadable: record.status === 'READY',
  };
}

/** The listing's own gate: the caller exports only what its tab shows them (403 otherwise). */
function assertMayExport(identity: SessionIdentity, source: BackgroundExportRequest['source']) {
  if (!passesGate(identity.permissions, identity.role, EXPORT_SOURCES[source].gate)) throw forbidden();
}

/**
 * "Export all": records a listing's export over any range for the background job, audited, and
 * queues its job with it; at most a few of a user's wait or run at once (429). The range's rules are the export's but for its length: no future date
 * (Jamaica's calendar), nothing before 2000; JAM-DEX payments need a JAM-DEX wallet (404).
 */
export async function startExport(
  db: Db,
  caller: AuditedCaller & { now: Date },
  input: BackgroundExportRequest,
  enqueue: EnqueueExport | null,
): Promise<BackgroundExport> {
  const { identity, now } = caller;
  assertMayExport(identity, input.source);
  if (input.end !== undefined && input.end > jamaicaDate(now)) {
    throw new AppError('DATE_RANGE_INVALID', 400, MESSAGES.dateRange.future);
  }
  if ((input.start ?? input.end ?? EXPORT_EARLIEST_DATE) < EXPORT_EARLIEST_DATE) {
    throw new AppError('DATE_RANGE_INVALID', 400, PRODUCT_MESSAGES.exportBefore2000);
  }
  if (input.source === 'payments') {
    const accounts = await listAccounts(db, identity.merchant_id);
    if (!accounts.some((a) => a.type === 'CBDC')) throw notFound(PRODUCT_MESSAGES.jamDexWalletNotFound);
  }
  // A few at a time: each is a worker's minute on a large merchant.
  if (
    (await countExportsInProgress(db, Number(identity.id), identity.merchant_id)) >=
    BACKGROUND_EXPORTS_IN_PROGRESS_MAX
  ) {
    throw new AppError(
      'RATE_LIMITED',
      429,
      PRODUCT_MESSAGES.exportsInProgress(BACKGROUND_EXPORTS_IN_PROGRESS_MAX),
    );
  }
  const record = await inTransaction(db, async (trx) => {
    const inserted = await insertExport(trx, {
      merchant_id: identity.merchant_id,
      user_id: Number(identity.id),
      source: input.source,
      identity: JSON.stringify(identity),
      start_date: input.start ?? null,
      end_date: input.end ?? null,
      file_name: backgroundExportFileName(input.source, input.start, input.end),
      status: 'QUEUED',
      heartbeat_at: null,
      created_at: now,
      finished_at: null,
      expires_at: new Date(now.getTime() + BACKGROUND_EXPORT_KEEP_DAYS * DAY_MS),
    });
    await recordAudit(trx, {
      actorUserId: Number(identity.id),
      organizationId: identity.org_id,
      action: 'report.export_all_requested',
      subject: `export:${inserted.id}`,
      details: { source: input.source, start: input.start ?? null, end: input.end ?? null },
      ip: caller.ip,
    });
    await enqueue?.(trx, inserted.id);
    return inserted;
  });
  return toDto(record);
}

/** The caller's "Export all" files not yet expired, newest first, with their progress. */
export async function latestExports(
  db: Db,
  identity: SessionIdentity,
  now: Date,
): Promise<BackgroundExport[]> {
  const rows = await listLatestExports(
    db,
    Number(identity.id),
    identity.merchant_id,
    now,
    LAST_REPORTS_COUNT,
  );
  return rows.map(toDto);
}

/** Chunks read from the database at a time while a file is sent. */
const CHUNKS_PER_READ = 4;

/**
 * One of the caller's "Export all" files, as its gzip chunks in order (the download streams them):
 * their own at their merchant only (404 otherwise), with the listing's gate today (403), ready
 * (409) and not expired (404). The download is audited.
 */
export async function exportFile(db: Db, caller: AuditedCaller & { now: Date }, id: number) {
  const { identity } = caller;
  const record = await findExport(db, Number(identity.id), identity.merchant_id, id);
  if (!record || record.expires_at <= caller.now) throw notFound(PRODUCT_MESSAGES.exportExpired);
  assertMayExport(identity, record.source);
  if (record.status !== 'READY') throw new AppError('NOT_READY', 409, PRODUCT_MESSAGES.exportNotReady);
  await recordDownload(db, caller, 'report.downloaded', `export:${record.id}`, {
    source: record.source,
    rows: record.rows_done,
  });
  async function* chunks() {
    for (let seq = 0; seq < record!.chunks;) {
      const batch = await readChunks(db, record!.id, seq, CHUNKS_PER_READ);
      if (batch.length === 0) return;
      for (const chunk of batch) yield chunk.data;
      seq = batch.at(-1)!.seq + 1;
    }
  }
  return { fileName: record.file_name, chunks: chunks() };
}

/** Deletes "Export all" files older than their 7 days (the maintenance purge). */
export function purgeExpiredExports(db: Db, now: Date): Promise<number> {
  return deleteExpiredExports(db, now);
}
