export const singlePayment = {
  chooseRecipient: 'Choose your recipient',
  enterAmount: 'Enter transfer amount',
  confirmPayment: 'Confirm payment',
  cancelConfirm: 'Please confirm that you want to cancel this payment. This process cannot be undone.',
} as const;
