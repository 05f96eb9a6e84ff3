import { auditLogListSchema, type AuditEntry } from '@lynk/contract/audit';
import type { ListingQuery } from '@lynk/contract/listings';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiClient, fallbackOnFailure } from '@/lib/api-client';
import { EMPTY_PAGE, listingSearch, toListingPage, type ListingPage } from '@/lib/listing';

/** GET /api/audit-log: who did what in the organisation (ADR 043). */
export const AUDIT_LOG_PATH = '/api/audit-log';

/** The filters beyond the dates: part of a name, an email or a user id, and one action code. */
export interface AuditLogFilters {
  actor?: string | undefined;
  action?: string | undefined;
}

export type AuditLogPageQuery = ListingQuery & AuditLogFilters;

function getAuditLog(
  query: AuditLogPageQuery,
  { signal }: { signal?: AbortSignal } = {},
): Promise<ListingPage<AuditEntry>> {
  return fallbackOnFailure(
    async () =>
      toListingPage(
        await apiClient.get(AUDIT_LOG_PATH, auditLogListSchema, {
          signal,
          query: { ...listingSearch(query), actor: query.actor, action: query.action },
        }),
      ),
    EMPTY_PAGE,
    signal,
  );
}

function auditLogQueryKey(orgId: string) {
  return ['audit-log', orgId] as const;
}

function auditLogPageQueryOptions(orgId: string, query: AuditLogPageQuery) {
  return queryOptions({
    queryKey: [...auditLogQueryKey(orgId), query] as const,
    queryFn: ({ signal }) => getAuditLog(query, { signal }),
    // Paging keeps the current rows on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });
}

export function useAuditLog(orgId: string, query: AuditLogPageQuery, { enabled = true } = {}) {
  return useQuery({ ...auditLogPageQueryOptions(orgId, query), enabled });
}
