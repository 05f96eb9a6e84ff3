import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod/mini';
import { apiClient, isUnauthorized } from '@/lib/api-client';
import { consumerSessionQueryKey } from './get-consumer-session';

/** POST /api/consumer-auth/sign-out (CSRF header added by the client); its body is not read. */
const CONSUMER_SIGN_OUT_PATH = '/api/consumer-auth/sign-out';

async function signOutConsumer(): Promise<void> {
  try {
    await apiClient.post(CONSUMER_SIGN_OUT_PATH, z.unknown());
  } catch (error) {
    // Nobody to sign out: the session had already ended.
    if (!isUnauthorized(error)) throw error;
  }
}

export function useSignOutConsumer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signOutConsumer,
    onSuccess: () => queryClient.setQueryData(consumerSessionQueryKey, null),
  });
}
