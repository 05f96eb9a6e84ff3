import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { LISTING_PARAMS } from '@/components/data-table/use-listing-params';
import type { AuditLogFilters } from '../api/get-audit-log';

/** The actor and action filters live in the URL beside the table's dates, sort and page. */
const AUDIT_FILTER_PARAMS = { actor: 'actor', action: 'action' } as const;

export function useAuditLogFilters(): {
  filters: AuditLogFilters;
  setFilters: (next: AuditLogFilters) => void;
} {
  const [searchParams, setSearchParams] = useSearchParams();
  const actor = searchParams.get(AUDIT_FILTER_PARAMS.actor)?.trim() || undefined;
  const action = searchParams.get(AUDIT_FILTER_PARAMS.action) || undefined;

  // New filters change what page 2 means: they start again on the first page.
  const setFilters = useCallback(
    (next: AuditLogFilters) =>
      setSearchParams((current) => {
        const params = new URLSearchParams(current);
        for (const key of ['actor', 'action'] as const) {
          const value = next[key]?.trim();
          if (value) params.set(AUDIT_FILTER_PARAMS[key], value);
          else params.delete(AUDIT_FILTER_PARAMS[key]);
        }
        params.delete(LISTING_PARAMS.page);
        return params;
      }),
    [setSearchParams],
  );

  return { filters: { actor, action }, setFilters };
}
