import { MESSAGES } from '@lynk/contract/messages';

/**
 * Copy still shared by the data table, the corporate view and the two history panes, until each
 * moves beside its component or into its feature's `texts.ts` (as every other screen's has).
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

/** Not in the spec: a cell whose value the server withheld (a branch balance without balance read). */
export const NO_VALUE = '—';

export const CORPORATE_TEXTS = {
  branchAccounts: 'Branch Accounts',
  merchantId: 'Merchant ID',
  name: 'Name',
  organisationId: 'Organisation ID',
  launch: 'Launch',
  actions: 'Actions',
  balance: 'Balance (JMD)',
  tabsLabel: 'Corporate sections',
} as const;

export const AUTH_TEXTS = { loading: MESSAGES.common.loading } as const;

export const MENU_TEXTS = { staff: MESSAGES.menu.staff } as const;

export const WIDGET_TEXTS = {
  /** Not in the spec: the corporate view's balance widget. */
  combinedBalance: 'Combined balance',
} as const;

/** The transfers history columns (spec section 3). Not in the spec: the column headers. */
export const TRANSFER_DETAILS_TEXTS = {
  transferId: 'Transfer ID',
  from: 'From',
  to: 'To',
  date: 'Date',
  total: 'Total',
  type: 'Type',
  status: 'Status',
  tableLabel: 'Transfers History',
} as const;

/** JAM-DEX payments received (spec section 3: Payment). Not in the spec: the column headers. */
export const CBDC_PAYMENT_TEXTS = {
  tableLabel: 'Payments',
  id: 'Payment ID',
  date: 'Date',
  from: 'From',
  amount: 'Amount',
  status: 'Status',
} as const;
