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
