import { consumerResponseSchema, type Consumer, type ConsumerSignIn } from '@lynk/contract/consumer';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiClient } from '@/lib/api-client';
import { consumerSessionQueryKey } from './get-consumer-session';

/** POST /api/consumer-auth/sign-in (CSRF header added by the client) → the customer's session. */
const CONSUMER_SIGN_IN_PATH = '/api/consumer-auth/sign-in';

async function signInConsumer(body: ConsumerSignIn): Promise<Consumer> {
  const { data } = await apiClient.post(CONSUMER_SIGN_IN_PATH, consumerResponseSchema, { body });
  return data;
}

/** The answer is the session itself: no second call to read it. */
export function useSignInConsumer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: signInConsumer,
    onSuccess: (consumer) => queryClient.setQueryData(consumerSessionQueryKey, consumer),
  });
}
