export const paymentRequest = {
  title: 'New Payment Request',
  subtitle: 'Please fill in the following fields to create a new payment request link',
  linkTitle: 'Link Ready To Share',
  copy: 'Copy',
  copied: 'Payment Request Link Details copied successfully.',
  amountTooLow: 'The amount needs to be greater than J$ 0.00',
  noteCounter: (length: number) => `${length}/100 characters`,
} as const;
