import { balanceResponseSchema } from '@lynk/contract/accounts';
import { queryOptions, skipToken, useQuery, type SkipToken } from '@tanstack/react-query';
import { apiClient, fallbackOnFailure } from '@/lib/api-client';

/**
 * GET /api/account/v2/accounts/{id}/balance → `{ data: { balance, currency } }`, balance in cents.
 * Shared: the wallet's balance widget shows it and the orders' Issue Refund is decided on it (spec
 * section 5). One query key, so a transfer or a refund refreshes both.
 */
function balancePath(accountId: number): string {
  return `/api/account/v2/accounts/${accountId}/balance`;
}

/** Spec section 7: "On failure the balance becomes 0" (a lost session still surfaces, to sign in again). */
function getBalance(accountId: number, { signal }: { signal?: AbortSignal } = {}): Promise<number> {
  return fallbackOnFailure(
    async () => (await apiClient.get(balancePath(accountId), balanceResponseSchema, { signal })).data.balance,
    0,
    signal,
  );
}

/** Every balance of an organisation: what a transfer or a refund invalidates. */
export function balancesQueryKey(orgId: string) {
  return ['balance', orgId] as const;
}

function balanceQueryKey(orgId: string, accountId: number) {
  return [...balancesQueryKey(orgId), accountId] as const;
}

/** `skipToken` while there is nothing to read yet (a hidden balance, no main wallet). */
function balanceQueryOptions(orgId: string, accountId: number | SkipToken) {
  return queryOptions({
    queryKey:
      accountId === skipToken ? [...balancesQueryKey(orgId), 'hidden'] : balanceQueryKey(orgId, accountId),
    queryFn: accountId === skipToken ? skipToken : ({ signal }) => getBalance(accountId, { signal }),
    staleTime: 15_000,
  });
}

export function useBalance(orgId: string, accountId: number | SkipToken) {
  return useQuery(balanceQueryOptions(orgId, accountId));
}
