/**
 * The wallet dashboard's titles and tab names, apart from the rest of the wallet's copy: the router
 * builds the tab routes from them before any wallet screen loads, so they travel in the first
 * page's script, and the other texts (with the spec's catalogue sections they read) do not.
 */
export const WALLET_TEXTS = {
  /** Not in the spec: the dashboard's titles and the tab list's name. */
  mainWalletTitle: 'Main wallet',
  jamdexWalletTitle: 'JAM-DEX wallet',
  tabsLabel: 'Wallet sections',
  orders: 'Orders',
  payments: 'Payments',
  transfersHistory: 'Transfers History',
  refunds: 'Refunds',
  paymentHistory: 'Payment History',
} as const;
