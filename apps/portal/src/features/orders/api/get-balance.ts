import { balanceResponseSchema } from '@lynk/contract/accounts';
import { queryOptions, skipToken, useQuery, type SkipToken } from '@tanstack/react-query';
import { apiClient, fallbackOnFailure } from '@/lib/api-client';

/**
 * GET /api/account/v2/accounts/{id}/balance → `{ data: { balance, currency } }`, balance in cents:
 * the main wallet's balance, which decides whether a refund may be issued (spec section 5). The
 * query key is the one the wallet's widgets use, so both read one cached balance and a transfer or
 * a refund refreshes it for both.
 */
export function balancePath(accountId: number): string {
  return `/api/account/v2/accounts/${accountId}/balance`;
}

/** Spec section 7: "On failure the balance becomes 0" (a lost session still surfaces, to sign in again). */
export function getBalance(accountId: number, { signal }: { signal?: AbortSignal } = {}): Promise<number> {
  return fallbackOnFailure(
    async () => (await apiClient.get(balancePath(accountId), balanceResponseSchema, { signal })).data.balance,
    0,
    signal,
  );
}

/** Every balance of an organisation: what a refund invalidates. */
export function balancesQueryKey(orgId: string) {
  return ['balance', orgId] as const;
}

export function balanceQueryOptions(orgId: string, accountId: number | SkipToken) {
  return queryOptions({
    queryKey:
      accountId === skipToken
        ? [...balancesQueryKey(orgId), 'none']
        : [...balancesQueryKey(orgId), accountId],
    queryFn: accountId === skipToken ? skipToken : ({ signal }) => getBalance(accountId, { signal }),
    staleTime: 15_000,
  });
}

/** `skipToken` when the organisation has no main wallet: there is nothing to read. */
export function useBalance(orgId: string, accountId: number | SkipToken) {
  return useQuery(balanceQueryOptions(orgId, accountId));
}
