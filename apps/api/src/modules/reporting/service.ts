import { EXPORT_MAX_ENTRIES, LAST_REPORTS_COUNT, exportFileName } from '@lynk/contract/constants';
import { MESSAGES, PRODUCT_MESSAGES } from '@lynk/contract/messages';
import type { ExportResponse, ExportWallet, Report } from '@lynk/contract/reporting';
import type { ExportTable } from '@lynk/contract/constants';
import type { SessionIdentity } from '@lynk/contract/session';
import { inTransaction, type Db } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { toCsv } from '../../lib/csv.ts';
import { EXPORT_EARLIEST_DATE, listAccounts } from '../account/index.ts';
import { type AuditedCaller, recordAudit, recordDownload } from '../audit/index.ts';
import { jamaicaDate } from '../ledger/index.ts';
import {
  dropOlderFiles,
  findReport,
  insertReport,
  listLatestReports,
  type ReportRecord,
} from './repository.ts';
import { REPORT_HEADER } from './rows.ts';
import { readSections } from './sections.ts';

export interface ExportCaller {
  identity: SessionIdentity;
  ip: string;
  now: Date;
}

export interface ExportInput {
  start: string;
  end: string;
  wallet: ExportWallet;
  types?: readonly ExportTable[] | undefined;
}

function toReport(record: ReportRecord, downloadable: boolean): Report {
  return {
    id: record.id,
    file_name: record.file_name,
    wallet: record.wallet,
    tables: record.tables,
    start: record.start_date,
    end: record.end_date,
    entries: record.entries,
    created_at: record.created_at.toISOString(),
    downloadable,
  };
}

const base64 = (csv: string) => Buffer.from(csv, 'utf8').toString('base64');

/**
 * A wallet's report between two dates as CSV (spec sections 5, 7, 9): no future date (the
 * merchant's calendar, Jamaica), nothing before 2000, at most the export maximum of entries over
 * all its tables ("You can only export up to 100 entries…" beyond it). Every report is recorded
 * for "Last Reports" and audited; only the user's newest five keep their file.
 */
export async function exportReport(
  db: Db,
  caller: ExportCaller,
  input: ExportInput,
): Promise<ExportResponse['result']> {
  const { identity, now } = caller;
  if (input.end > jamaicaDate(now)) throw new AppError('DATE_RANGE_INVALID', 400, MESSAGES.dateRange.future);
  if (input.start < EXPORT_EARLIEST_DATE) {
    throw new AppError('DATE_RANGE_INVALID', 400, PRODUCT_MESSAGES.exportBefore2000);
  }
  const accounts = await listAccounts(db, identity.merchant_id);
  const sections = await readSections(db, identity, accounts, { ...input, types: input.types });
  const entries = sections.reduce((sum, s) => sum + s.total, 0);
  if (entries > EXPORT_MAX_ENTRIES) throw new AppError('EXPORT_LIMIT', 422, MESSAGES.export.entryLimit);

  const csv = toCsv(
    REPORT_HEADER,
    sections.flatMap((s) => s.rows),
  );
  const userId = Number(identity.id);
  const record = await inTransaction(db, async (trx) => {
    const inserted = await insertReport(trx, {
      merchant_id: identity.merchant_id,
      user_id: userId,
      wallet: input.wallet,
      tables: JSON.stringify(sections.map((s) => s.table)),
      start_date: input.start,
      end_date: input.end,
      file_name: exportFileName(input.wallet, input.start, input.end),
      entries,
      csv,
      created_at: now,
    });
    await dropOlderFiles(trx, userId, identity.merchant_id, LAST_REPORTS_COUNT);
    await recordAudit(trx, {
      actorUserId: userId,
      organizationId: identity.org_id,
      action: 'report.exported',
      subject: `report:${inserted.id}`,
      details: {
        wallet: input.wallet,
        tables: sections.map((s) => s.table),
        start: input.start,
        end: input.end,
        entries,
      },
      ip: caller.ip,
    });
    return inserted;
  });
  return { base64File: base64(csv), report: toReport(record, true) };
}

/** "Last Reports": the caller's newest reports at their merchant, newest first. */
export async function lastReports(db: Db, identity: SessionIdentity): Promise<Report[]> {
  const rows = await listLatestReports(db, Number(identity.id), identity.merchant_id, LAST_REPORTS_COUNT);
  return rows.map((row) => toReport(row, Boolean(row.downloadable)));
}

/** One of the caller's reports again; another user's or merchant's is not found. */
export async function reportFile(db: Db, caller: AuditedCaller, id: number) {
  const { identity } = caller;
  const row = await findReport(db, Number(identity.id), identity.merchant_id, id);
  if (!row) throw notFound(PRODUCT_MESSAGES.reportNotFound);
  if (row.csv === null) throw notFound(PRODUCT_MESSAGES.reportFileExpired);
  await recordDownload(db, caller, 'report.downloaded', `report:${row.id}`);
  return { base64File: base64(row.csv), report: toReport(row, true) };
}
