export const transactionStatus = {
  successTitle: 'Your transfer is successful',
  pendingTitle: 'Your transfer is being processed',
  pendingSubtitle: "We'll let you know when it's ready.",
  failureTitle: 'Your Transfer Failed',
  failureSubtitle: 'We were unable to transfer your transaction. Please try again.',
  batchFailureSubtitle: 'We were unable to continue with your transaction. Please try again.',
  confirmTitle: 'Are you sure?',
  transferFailedDescription:
    'The recipient was not able to get the funds and the monies has been returned to the sender',
} as const;
