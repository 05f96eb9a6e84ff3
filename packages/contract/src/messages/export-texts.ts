export const exportTexts = {
  preferencesTitle: 'Export Preferences',
  downloadTitle: 'Download',
  generated: 'Your report was generated successfully.',
  selectTable: 'Please select a table to export',
  entryLimit: 'You can only export up to 100 entries. Apply filters to reduce the number of entries.',
  lastReportsTitle: 'Last Reports',
  noLastReports: 'There are no previously generated reports',
} as const;
