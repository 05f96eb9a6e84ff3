export const table = {
  emptyTitle: "We're coming up empty",
  emptyBody: 'Sorry, we have not found anything to return at this point.',
  noTransactions: 'No transactions yet',
  noStaff: 'No staff is loaded',
  filterBy: 'Filter by',
  filtersTitle: 'Filters',
  dateRange: 'Date range',
  apply: 'Apply',
  showingEntries: (from: number, to: number, total: number) => `Showing ${from}-${to} of ${total} entries`,
  dateChip: (start: string, end: string) => `Date: "${start} to ${end}"`,
} as const;
