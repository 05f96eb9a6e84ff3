import { balanceResponseSchema } from '@lynk/contract/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, fallbackOnFailure } from '@/lib/api-client';

/** GET /api/account/v2/accounts/{id}/balance: the parent organisation's own main wallet. */
function organizationBalancePath(accountId: number): string {
  return `/api/account/v2/accounts/${accountId}/balance`;
}

/** Spec section 7: "On failure the balance becomes 0". */
function getOrganizationBalance(
  accountId: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<number> {
  return fallbackOnFailure(
    async () =>
      (await apiClient.get(organizationBalancePath(accountId), balanceResponseSchema, { signal })).data
        .balance,
    0,
    signal,
  );
}

/**
 * The same key as the wallet's balance of that account (`['balance', orgId, accountId]`), so a
 * transfer that invalidates the organisation's balances refreshes this one too.
 */
function organizationBalanceQueryOptions(orgId: string, accountId: number) {
  return queryOptions({
    queryKey: ['balance', orgId, accountId] as const,
    queryFn: ({ signal }) => getOrganizationBalance(accountId, { signal }),
    staleTime: 15_000,
  });
}

/** Loads while `enabled` and only for an organisation that has a main wallet of its own. */
export function useOrganizationBalance(
  orgId: string,
  accountId: number | undefined,
  { enabled }: { enabled: boolean },
) {
  return useQuery({
    ...organizationBalanceQueryOptions(orgId, accountId ?? 0),
    enabled: enabled && accountId !== undefined,
  });
}
