import { limitResponseSchema, type Limit } from '@lynk/contract/accounts';
import { limitPeriod, type LimitTransferType } from '@lynk/contract/statuses';
import { queryOptions, skipToken, useQuery, type SkipToken } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { limitsQueryKey } from '@/lib/limits-query-key';

/**
 * GET /api/account/v1/accounts/{id}/limits?period=&transfer_type= → `{ data: Limit }` in cents.
 * MBATCH (batch payments) is weekly, period 2; TOP (cash-in) and ACH_CASHOUT (cash-out) daily, period 1.
 */
function limitPath(accountId: number): string {
  return `/api/account/v1/accounts/${accountId}/limits`;
}

async function getLimit(
  accountId: number,
  type: LimitTransferType,
  { signal }: { signal?: AbortSignal } = {},
): Promise<Limit> {
  const { data } = await apiClient.get(limitPath(accountId), limitResponseSchema, {
    signal,
    query: { period: limitPeriod(type), transfer_type: type },
  });
  return data;
}

function limitQueryKey(orgId: string, accountId: number, type: LimitTransferType) {
  return [...limitsQueryKey(orgId), accountId, type] as const;
}

export interface LimitParams {
  accountId: number;
  type: LimitTransferType;
}

/** `skipToken` while there is no limit to read yet (the transfer modal before a pair is chosen). */
function limitQueryOptions(orgId: string, params: LimitParams | SkipToken) {
  return queryOptions({
    queryKey:
      params === skipToken
        ? [...limitsQueryKey(orgId), 'none']
        : limitQueryKey(orgId, params.accountId, params.type),
    queryFn:
      params === skipToken ? skipToken : ({ signal }) => getLimit(params.accountId, params.type, { signal }),
    staleTime: 15_000,
  });
}

export function useLimit(orgId: string, params: LimitParams | SkipToken) {
  return useQuery(limitQueryOptions(orgId, params));
}
