export const payee = {
  notAllowed: 'Transaction not allowed',
  notFound:
    "I'm sorry, we could not find a matching or active account. Please verify the Lynk ID with the recipient and try again.",
  lookupFailed: 'We are having some technical issues performing the ID check. Please try again',
} as const;
