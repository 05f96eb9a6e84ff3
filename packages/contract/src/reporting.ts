import { z } from 'zod/mini';
import { WALLET_KEYS } from './accounts.ts';
import { EXPORT_TABLES, LAST_REPORTS_COUNT } from './constants.ts';
import { isRangeWithinOneMonth } from './dates.ts';
import { apiDateSchema, wholeNumberParam } from './listings.ts';
import { MESSAGES, PRODUCT_MESSAGES } from './messages.ts';

/**
 * The reporting back end (`/api/reporting`, spec sections 2, 5, 7, 9): CSV reports of a wallet's
 * tables between two dates, and the "Last Reports" list. docs/decisions/029 has the choices the
 * spec leaves open (the JAM-DEX wallet's report, the file's columns, who sees which report).
 */

const exportWalletSchema = z.enum([WALLET_KEYS.main, WALLET_KEYS.cbdc]);
export type ExportWallet = z.infer<typeof exportWalletSchema>;

const exportTableSchema = z.enum(EXPORT_TABLES);

/**
 * POST /api/reporting/v2/transfers/exports/csv. `start`/`end` are YYYY-MM-DD, at most one month
 * apart (no future date: the server checks that against its own clock). The main wallet needs at
 * least one of Orders, Transfers, Refunds; the JAM-DEX wallet takes no tables (its report is its
 * transfers and the payments it received).
 */
export const exportRequestSchema = z
  .strictObject({
    start: apiDateSchema,
    end: apiDateSchema,
    types: z.optional(z.array(exportTableSchema).check(z.maxLength(EXPORT_TABLES.length))),
    wallet: z._default(exportWalletSchema, WALLET_KEYS.main),
  })
  .check(
    z.refine((q) => q.start <= q.end, { message: MESSAGES.dateRange.startAfterEnd, path: ['start'] }),
    z.refine((q) => isRangeWithinOneMonth(new Date(`${q.start}T00:00:00Z`), new Date(`${q.end}T00:00:00Z`)), {
      message: MESSAGES.dateRange.tooLong,
      path: ['end'],
    }),
    z.refine((q) => q.wallet !== WALLET_KEYS.main || (q.types?.length ?? 0) > 0, {
      message: MESSAGES.export.selectTable,
      path: ['types'],
    }),
    z.refine((q) => q.wallet === WALLET_KEYS.main || q.types === undefined, {
      message: PRODUCT_MESSAGES.exportTablesOnlyMainWallet,
      path: ['types'],
    }),
    z.refine((q) => new Set(q.types ?? []).size === (q.types?.length ?? 0), {
      message: 'Each table may be named once.',
      path: ['types'],
    }),
  );
export type ExportRequest = z.input<typeof exportRequestSchema>;

/** A generated report as "Last Reports" lists it. */
const reportSchema = z.object({
  id: z.string(),
  file_name: z.string(),
  wallet: exportWalletSchema,
  /** The tables the report holds, in the order they appear in the file. */
  tables: z.array(z.string()),
  start: z.string(),
  end: z.string(),
  entries: z.int(),
  created_at: z.string(),
  /** Whether the file can still be downloaded (the latest five keep it). */
  downloadable: z.boolean(),
});
export type Report = z.infer<typeof reportSchema>;

export const exportResponseSchema = z.object({
  result: z.object({ base64File: z.string(), report: reportSchema }),
});
export type ExportResponse = z.infer<typeof exportResponseSchema>;

/**
 * "Export all" (not in the spec): one listing's rows over any range, written in the background
 * and kept for 7 days. Each listing needs its tab's gate and holds what that tab shows the caller.
 */
export const BACKGROUND_EXPORT_SOURCES = ['orders', 'refunds', 'transfers', 'payments', 'payouts'] as const;
export type BackgroundExportSource = (typeof BACKGROUND_EXPORT_SOURCES)[number];
const BACKGROUND_EXPORT_STATUSES = ['QUEUED', 'RUNNING', 'READY', 'FAILED'] as const;
/** The most "Export all" files one user may have waiting or being written at a time. */
export const BACKGROUND_EXPORTS_IN_PROGRESS_MAX = 3;
/** How long an "Export all" file is kept. */
export const BACKGROUND_EXPORT_KEEP_DAYS = 7;

/**
 * POST /api/reporting/v2/exports/all: a listing and an optional range (YYYY-MM-DD, any length;
 * without `start` from the first row, without `end` to the last).
 */
export const backgroundExportRequestSchema = z
  .strictObject({
    source: z.enum(BACKGROUND_EXPORT_SOURCES),
    start: z.optional(apiDateSchema),
    end: z.optional(apiDateSchema),
  })
  .check(
    z.refine((q) => q.start === undefined || q.end === undefined || q.start <= q.end, {
      message: MESSAGES.dateRange.startAfterEnd,
      path: ['start'],
    }),
  );
export type BackgroundExportRequest = z.infer<typeof backgroundExportRequestSchema>;

/** An "Export all" as "Last Reports" lists it: its progress, and whether its file can be had. */
const backgroundExportSchema = z.object({
  id: z.string(),
  source: z.enum(BACKGROUND_EXPORT_SOURCES),
  file_name: z.string(),
  start: z.nullable(z.string()),
  end: z.nullable(z.string()),
  status: z.enum(BACKGROUND_EXPORT_STATUSES),
  rows_done: z.int(),
  created_at: z.string(),
  finished_at: z.nullable(z.string()),
  expires_at: z.string(),
  downloadable: z.boolean(),
});
export type BackgroundExport = z.infer<typeof backgroundExportSchema>;

export const backgroundExportResponseSchema = z.object({ result: backgroundExportSchema });

/** GET /api/reporting/v2/exports/all/{id}/csv — an "Export all" file, once ready. */
export const backgroundExportParamsSchema = z.object({ id: wholeNumberParam(1, Number.MAX_SAFE_INTEGER) });

/** The file name of an "Export all": the listing and its range ("all" for an open end). */
export function backgroundExportFileName(source: string, start: string | undefined, end: string | undefined) {
  return `${source}_${start ?? 'first'}_to_${end ?? 'last'}.csv`;
}

/**
 * GET /api/reporting/v2/transfers/exports — the caller's last reports, newest first (the spec's
 * `result`), and beside them their "Export all" files of the last 7 days with their progress.
 */
export const lastReportsResponseSchema = z.object({
  result: z.array(reportSchema).check(z.maxLength(LAST_REPORTS_COUNT)),
  exports: z.optional(z.array(backgroundExportSchema).check(z.maxLength(LAST_REPORTS_COUNT))),
});

/** GET /api/reporting/v2/transfers/exports/{id}/csv — one of the caller's last reports, again. */
export const reportParamsSchema = z.object({ id: wholeNumberParam(1, Number.MAX_SAFE_INTEGER) });

/** The columns of every report, whatever the tables (a "Table" column says which a row is from). */
export const REPORT_COLUMNS = [
  'Table',
  'ID',
  'Date',
  'From',
  'To',
  'Type',
  'Status',
  'Currency',
  'Amount',
  'Commission',
  'GCT',
  'Reference',
] as const;
