/**
 * Every limit of an organisation (the wallet's limit widgets): what a transfer or a batch payment
 * invalidates. Here rather than in a feature, since both the wallet and the batches move limits.
 */
export function limitsQueryKey(orgId: string) {
  return ['limits', orgId] as const;
}
