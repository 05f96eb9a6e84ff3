import { MESSAGES } from '@lynk/contract/messages';

/**
 * Texts of the data table, its footer and its Filters modal. Texts the spec quotes come from the
 * contract's catalogue; the rest are marked "not in the spec".
 */
export const TABLE_TEXTS = {
  noTransactions: MESSAGES.table.noTransactions,
  emptyTitle: MESSAGES.table.emptyTitle,
  emptyBody: MESSAGES.table.emptyBody,
  filterBy: MESSAGES.table.filterBy,
  filtersTitle: MESSAGES.table.filtersTitle,
  dateRange: MESSAGES.table.dateRange,
  apply: MESSAGES.table.apply,
  close: MESSAGES.common.close,
  /** Not in the spec: accessible names and hints of the table controls. */
  previousPage: 'Previous page',
  nextPage: 'Next page',
  startDate: 'Start date',
  endDate: 'End date',
  datePattern: 'DD/MM/YYYY',
  pickDates: 'Pick the dates on a calendar',
  /** The picker's name holds the dates it shows, so a voice user can say what they see (WCAG 2.5.3). */
  pickedDates: (shown: string) => `${shown}, pick the dates on a calendar`,
  /** The calendar's arrows; its month/year title is named by the text it shows. */
  calendar: {
    previousMonth: 'Previous month',
    nextMonth: 'Next month',
    previousYear: 'Previous year',
    nextYear: 'Next year',
    previousDecade: 'Previous decade',
    nextDecade: 'Next decade',
  },
  removeDateFilter: 'Remove date filter',
  activeFilters: 'Active filters',
  loading: 'Loading entries',
  details: 'Details',
  viewDetails: (id: string) => `View details of ${id}`,
  sortedAscending: 'oldest first',
  sortedDescending: 'newest first',
  sortBy: (column: string, direction: string) => `Sort by ${column}, ${direction}`,
} as const;

/** Table footer: "Showing a-b of n entries". */
export const showingEntries = MESSAGES.table.showingEntries;
/** The chip of an applied date filter: 'Date: "DD/MM/YYYY to DD/MM/YYYY"'. */
export const dateChip = MESSAGES.table.dateChip;
