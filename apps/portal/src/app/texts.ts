import { MESSAGES } from '@lynk/contract/messages';

/**
 * Copy of the app frame: guards, layout, menus and route-level pages. Texts the spec quotes come
 * from the contract's catalogue; the rest are the portal's own wording, marked "not in the spec".
 */

export const APP_TEXTS = {
  loading: MESSAGES.common.loading,
  redirecting: MESSAGES.common.redirecting,
  /** Not in the spec: the session could not be read for another reason than a missing sign-in. */
  sessionUnavailable: 'We could not check your sign-in right now. Please try again.',
  building: MESSAGES.common.building,
  /** Not in the spec: a line under the "Building!" heading. */
  buildingBody: 'This page is on its way.',
  /** Spec section 8: "Wallet info failure". */
  walletInfo: MESSAGES.transfer.walletInfoFailed,
  /** Not in the spec: an unexpected error in a page. */
  unexpected: 'Something went wrong while showing this page.',
  reload: 'Reload the page',
} as const;

export const MENU_TEXTS = {
  myProfile: MESSAGES.menu.myProfile,
  staff: MESSAGES.menu.staff,
  customerSupport: MESSAGES.menu.customerSupport,
  logout: MESSAGES.menu.logout,
  dashboard: MESSAGES.menu.dashboard,
  notifications: MESSAGES.notifications.title,
  /** Not in the spec (ADR 043). */
  auditLog: 'Audit Log',
  cashUp: 'Cash-up',
  analytics: 'Analytics',
  /** Not in the spec: the side menu's section titles and the wallet names. */
  myWallets: 'My wallets',
  quickAccess: 'Quick Access',
  jamdexQuickAccess: 'JAM-DEX Quick Access',
  myAccount: 'My Account',
  corporate: 'Corporate',
  branchAccounts: 'Branch Accounts',
  mainWallet: 'Main wallet',
  jamdex: 'JAM-DEX',
  /** Not in the spec: accessible names of header controls. */
  toggleNavigation: 'Toggle navigation',
  profileMenu: 'Profile menu',
  walletSwitch: 'Wallet',
  home: 'Lynk Merchant Portal home',
  sideMenu: 'Side menu',
  skipToContent: 'Skip to main content',
} as const;
