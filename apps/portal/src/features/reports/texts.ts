import { MESSAGES } from '@lynk/contract/messages';

/** The export and Last Reports modals (spec sections 2, 5, 8, 9). Texts the spec does not quote are marked. */
export const EXPORT_TEXTS = {
  preferencesTitle: MESSAGES.export.preferencesTitle,
  downloadTitle: MESSAGES.export.downloadTitle,
  generated: MESSAGES.export.generated,
  selectTable: MESSAGES.export.selectTable,
  dateRange: MESSAGES.table.dateRange,
  cancel: MESSAGES.common.cancel,
  returnToDashboard: MESSAGES.common.returnToDashboard,
  /** Not in the spec: the form's labels and buttons, the failure modal's title, the generic failure. */
  subtitle: 'Choose the dates and the tables your CSV report should hold.',
  cbdcSubtitle:
    "Choose the dates of your JAM-DEX wallet's report: its transfers and the payments it received.",
  tables: 'Tables to export',
  generate: 'Generate report',
  download: 'Download',
  failed: 'We could not generate your report. Please try again.',
  failureTitle: 'Your report could not be generated',
  tryAgain: 'Try Again',
  summary: (fileName: string, entries: number) =>
    `${fileName} holds ${entries} ${entries === 1 ? 'entry' : 'entries'}.`,
} as const;

export const LAST_REPORTS_TEXTS = {
  title: MESSAGES.export.lastReportsTitle,
  empty: MESSAGES.export.noLastReports,
  close: MESSAGES.common.close,
  /** Not in the spec: the list's details, its download action and its failures. */
  listLabel: 'Your last generated reports',
  loadFailed: 'We could not load your last reports. Please try again.',
  download: (fileName: string) => `Download ${fileName}`,
  downloadFailed: 'We could not download this report. Please try again.',
  generatedAt: (when: string) => `Generated ${when}`,
  details: (tables: string, entries: number) =>
    `${tables} · ${entries} ${entries === 1 ? 'entry' : 'entries'}`,
} as const;

/** "Export all" (not in the spec): a listing's rows over any range, written in the background. */
export const EXPORT_ALL_TEXTS = {
  subtitle:
    'Export every row of one table, over any dates. The file is prepared in the background: follow it in Last Reports, where it can be downloaded for 7 days once ready.',
  source: 'Table to export',
  sources: {
    orders: 'Orders',
    refunds: 'Refunds',
    transfers: 'Transfers',
    payments: 'JAM-DEX payments',
    payouts: 'Batch payouts',
  },
  range: 'Dates',
  everything: 'Everything',
  between: 'Between two dates',
  dateRange: MESSAGES.table.dateRange,
  start: 'Start export',
  cancel: MESSAGES.common.cancel,
  started: 'Your export has started. Follow it in Last Reports; we will notify you when it is ready.',
  failed: 'We could not start your export. Please try again.',
} as const;

/** The "Export all" files in the Last Reports modal. */
export const EXPORT_ALL_LIST_TEXTS = {
  heading: 'Exports in the background',
  listLabel: 'Your exports of every row',
  status: {
    QUEUED: 'Waiting to start',
    RUNNING: 'In progress',
    READY: 'Ready',
    FAILED: 'Failed',
  },
  rows: (rows: number) => `${rows.toLocaleString('en-US')} ${rows === 1 ? 'row' : 'rows'}`,
  range: (start: string, end: string) => `${start} – ${end}`,
  allDates: 'All dates',
  expires: (when: string) => `Kept until ${when}`,
  download: (fileName: string) => `Download ${fileName}`,
  downloadFailed: 'We could not download this export. Please try again.',
} as const;
