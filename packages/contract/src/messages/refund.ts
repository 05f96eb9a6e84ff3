export const refund = {
  issueRefund: 'Issue Refund',
  fullRefund: 'Full Refund',
  title: (orderId: string) => `Transaction ID #${orderId}`,
  success: "You've successfully issued your refund.",
  failure: 'Oops! Something went wrong. Want to try again?',
  reasonRequired: 'Reason is required',
  amountRequired: 'Amount is required',
  amountOverTotal: 'Amount is greater than the Total',
  balanceTooLow: 'Your main wallet account balance is too low to complete the transaction',
  commissionTooltip: 'This value represents the refund of the commission.',
} as const;
