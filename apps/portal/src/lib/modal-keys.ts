/**
 * Keys of the modals opened by key (spec section 2, "Modals (by key)"). The modal host registers a
 * component under each (`app/modals.ts`); pages open them by key, so a page never imports another
 * feature's modal.
 */
export const MODAL_KEYS = {
  transfer: 'transfer',
  transactionStatus: 'transaction-status',
  transferDetails: 'more-trans-details',
} as const;
