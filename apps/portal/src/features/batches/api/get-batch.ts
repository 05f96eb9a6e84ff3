import { batchResponseSchema, type Batch } from '@lynk/contract/batches';
import { BATCH_POLL_INTERVAL_MS } from '@lynk/contract/constants';
import { queryOptions, skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { BATCHES_PATH, batchesQueryKey } from './get-batches';

/** GET /api/payment/batch-payments/{id}: one batch, polled while it is validated or paid. */
export function batchPath(id: number): string {
  return `${BATCHES_PATH}/${id}`;
}

async function getBatch(id: number, { signal }: { signal?: AbortSignal } = {}): Promise<Batch> {
  const { data } = await apiClient.get(batchPath(id), batchResponseSchema, { signal });
  return data;
}

/** Whether to read the batch again, given the last answer and how many answers came so far. */
export type KeepPolling = (batch: Batch | undefined, reads: number) => boolean;

const NEVER: KeepPolling = () => false;

/**
 * A batch as one screen reads it. `phase` keeps each polling run's count of reads its own (the
 * review page's earlier read of a batch does not count as one of the 15 tries after approval).
 */
function batchQueryKey(orgId: string, id: number, phase = 'view') {
  return [...batchesQueryKey(orgId), 'one', id, phase] as const;
}

/**
 * Polling (spec sections 4 and 9): every 2 s while `keepPolling` says so. A failed read is not
 * retried: the screen shows the spec's "technical problems" text instead of waiting on it.
 */
function batchQueryOptions(orgId: string, id: number | null, keepPolling = NEVER, phase = 'view') {
  return queryOptions({
    queryKey: batchQueryKey(orgId, id ?? 0, phase),
    queryFn: id === null ? skipToken : ({ signal }) => getBatch(id, { signal }),
    retry: false,
    staleTime: 0,
    refetchOnWindowFocus: false,
    refetchInterval: (query) =>
      query.state.status !== 'error' && keepPolling(query.state.data, query.state.dataUpdateCount)
        ? BATCH_POLL_INTERVAL_MS
        : false,
  });
}

/**
 * One batch; with `keepPolling`, read again every 2 s. `polling` is false once it stopped: a
 * final answer, the last try, or a failed read (`isError`).
 */
export function useBatch(
  orgId: string,
  id: number | null,
  { keepPolling = NEVER, phase = 'view' }: { keepPolling?: KeepPolling; phase?: string } = {},
) {
  const queryClient = useQueryClient();
  const query = useQuery(batchQueryOptions(orgId, id, keepPolling, phase));
  const reads =
    id === null ? 0 : (queryClient.getQueryState(batchQueryKey(orgId, id, phase))?.dataUpdateCount ?? 0);
  const polling = id !== null && !query.isError && (reads === 0 || keepPolling(query.data, reads));
  return { ...query, reads, polling };
}
