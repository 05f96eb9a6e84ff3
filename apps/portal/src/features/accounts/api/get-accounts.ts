import { accountListSchema, type Account } from '@lynk/contract/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /api/account/v1/accounts: the organisation's accounts (a CBDC one means JAM-DEX exists). */
export const ACCOUNTS_PATH = '/api/account/v1/accounts';

async function getAccounts({ signal }: { signal?: AbortSignal } = {}): Promise<Account[]> {
  const { result } = await apiClient.get(ACCOUNTS_PATH, accountListSchema, { signal });
  return result;
}

export function accountsQueryKey(orgId: string) {
  return ['accounts', orgId] as const;
}

export function accountsQueryOptions(orgId: string) {
  return queryOptions({
    queryKey: accountsQueryKey(orgId),
    queryFn: ({ signal }) => getAccounts({ signal }),
    staleTime: 5 * 60_000,
  });
}

export function useAccounts(orgId: string) {
  return useQuery(accountsQueryOptions(orgId));
}

export function hasCbdcAccount(accounts: readonly Account[]): boolean {
  return accounts.some((account) => account.type === 'CBDC');
}
