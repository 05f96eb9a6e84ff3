import { MESSAGES } from '@lynk/contract/messages';

/** Texts of the corporate view's widgets. Not in the spec: names of the widget rows and cards. */
export const CORPORATE_WIDGET_TEXTS = {
  overview: 'Corporate overview',
  balances: 'Balances',
  limits: 'Branch limits',
  /** A limit card's title: the category the bars of the branch table name, across branches. */
  limitTitle: (category: string) => `${category}, all branches`,
} as const;

/** Texts of the corporate view. Not in the spec unless taken from the catalogue. */
export const CORPORATE_TEXTS = {
  pageTitle: 'Corporate dashboard',
  branchAccounts: 'Branch Accounts',
  merchantId: 'Merchant ID',
  name: 'Name',
  organizationId: 'Organisation ID',
  joined: 'Date joined',
  launch: 'Launch',
  actions: 'Actions',
  balance: 'Balance (JMD)',
  tabsLabel: 'Corporate sections',
  staff: MESSAGES.menu.staff,
  auditLog: 'Audit Log',
  loading: MESSAGES.common.loading,
  combinedBalance: 'Combined balance',
  limitUnavailable: 'Limit unavailable right now',
} as const;

/** Not in the spec: a cell whose value the server withheld (a branch balance without balance read). */
export const NO_VALUE = '—';
