import { MESSAGES } from '@lynk/contract/messages';

/** My Profile. Not in the spec: the page's own labels. */
export const PROFILE_TEXTS = {
  title: MESSAGES.menu.myProfile,
  business: 'Business details',
  merchant: 'Merchant',
  walletId: 'Wallet ID',
  organizationId: 'Organisation ID',
  email: 'Email',
  phone: 'Phone',
  address: 'Address',
  category: 'Category',
  about: 'About',
  description: 'Description',
  branchOf: (parent: string) => `A branch of ${parent}`,
  /** Spec section 3: description shows "N/A" if empty. */
  notAvailable: MESSAGES.common.notAvailable,
  user: 'Your account',
  displayName: 'Display name',
  role: 'Role',
  qrCodes: 'QR codes',
  qrCodesHint:
    'Print your QR code for your counter or share its link: customers scan it with the Lynk app to pay you.',
  mainWallet: 'Main wallet',
  jamDexWallet: 'JAM-DEX wallet',
  twoFactor: 'Two-step verification',
  twoFactorOn: 'On: you give a code from your authenticator app when you sign in.',
  twoFactorOff:
    'Off. Add a code from an authenticator app to your sign-in, so your password alone cannot move money.',
  twoFactorSetUp: 'Set up two-step verification',
  loading: MESSAGES.common.loading,
  walletInfo: MESSAGES.transfer.walletInfoFailed,
} as const;
