import { payeeLookupResponseSchema, type PayeeLookup } from '@lynk/contract/batches';
import { useMutation } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';

/** GET /api/profile/payee-lookup?lynk_id=@{id}: the payee of a single payment (spec section 7). */
const PAYEE_LOOKUP_PATH = '/api/profile/payee-lookup';

async function lookupPayee(lynkId: string): Promise<PayeeLookup> {
  const { data } = await apiClient.get(PAYEE_LOOKUP_PATH, payeeLookupResponseSchema, {
    query: { lynk_id: lynkId },
  });
  return data;
}

/** Run when the user presses Next, not as they type: a mutation rather than a cached query. */
export function useLookupPayee() {
  return useMutation({ mutationFn: lookupPayee });
}
