export const transfer = {
  notInitiated: "Oops! Something went wrong. Your transfer couldn't be initiated, please try again.",
  insufficientBalance: "You don't have enough money in your balance, please update the amount.",
  dailyLimitExceeded: 'This action would exceeded your daily limit for this action.',
  insufficientFunds: "Your account doesn't have enough money. Try a different amount.",
  dailyLimitRemaining: (amount: string) =>
    `You currently have ${amount} JMD remaining for this day, and the limit will reset at the end of the day.`,
  noAccounts: 'Unable to action a transfer. Please try again later.',
  // Not quoted by the spec, which gives the minimum (J$0.10) without its wording.
  minimumAmount: 'The amount minimum is J$0.10',
  walletInfoFailed:
    'We are having some technical issues recovering your wallet information. Please, try again later.',
} as const;
