import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import { installFakeFetch, type FakeResponse } from '@/testing/fake-fetch';
import { makeTransfer } from '@/testing/fixtures';
import { createTransfer, IN_PROGRESS_RETRY, transfersPath } from './create-transfer';

const IN_PROGRESS: FakeResponse = {
  status: 409,
  body: {
    code: 'IDEMPOTENCY_IN_PROGRESS',
    message: 'A request with this Idempotency-Key is still being processed.',
  },
};
const CREATED: FakeResponse = { status: 201, body: { data: makeTransfer(1, { status: 'SCHEDULED' }) } };

const VARIABLES = {
  mainWalletId: 1,
  body: { transfer_type: 'CASH_OUT', account_type: 'BANK_ACCOUNT', account_id: 3, amount: 2500 },
  idempotencyKey: '2b0b7f3e-4b3c-4f5e-9a0d-6f1e2d3c4b5a',
} as const;

/** Answers the transfer POSTs with `answers` in turn (the last one again once they run out). */
function serve(...answers: FakeResponse[]) {
  let calls = 0;
  const server = installFakeFetch({
    [`POST ${transfersPath(1)}`]: () => answers[Math.min(calls++, answers.length - 1)] ?? CREATED,
  });
  const posts = () => server.requests.filter((request) => request.method === 'POST');
  return { posts };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('createTransfer', () => {
  it('waits a second and sends the same request again while the key is in progress', async () => {
    vi.useFakeTimers();
    const { posts } = serve(IN_PROGRESS, IN_PROGRESS, CREATED);
    const result = createTransfer({ ...VARIABLES, body: { ...VARIABLES.body } });

    await vi.advanceTimersByTimeAsync(0);
    expect(posts()).toHaveLength(1);
    // Not before the second is up.
    await vi.advanceTimersByTimeAsync(IN_PROGRESS_RETRY.delayMs - 1);
    expect(posts()).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(posts()).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(IN_PROGRESS_RETRY.delayMs);

    await expect(result).resolves.toMatchObject({ transfer_id: 'TRF-000001' });
    expect(posts()).toHaveLength(3);
    expect(new Set(posts().map((post) => post.headers.get('idempotency-key')))).toEqual(
      new Set([VARIABLES.idempotencyKey]),
    );
    expect(new Set(posts().map((post) => post.body))).toEqual(new Set([JSON.stringify(VARIABLES.body)]));
  });

  it('gives up after five retries and throws the 409', async () => {
    vi.useFakeTimers();
    const { posts } = serve(IN_PROGRESS);
    const result = createTransfer({ ...VARIABLES, body: { ...VARIABLES.body } }).catch(
      (error: unknown) => error,
    );
    await vi.advanceTimersByTimeAsync(IN_PROGRESS_RETRY.delayMs * 10);
    const error = await result;
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 409, code: 'IDEMPOTENCY_IN_PROGRESS' });
    expect(IN_PROGRESS_RETRY.maxRetries).toBe(5);
    expect(posts()).toHaveLength(1 + 5);
  });

  it('does not retry any other refusal, not even another 409', async () => {
    const { posts } = serve({
      status: 409,
      body: { code: 'IDEMPOTENCY_KEY_REUSED', message: 'This Idempotency-Key was already used.' },
    });
    await expect(createTransfer({ ...VARIABLES, body: { ...VARIABLES.body } })).rejects.toMatchObject({
      code: 'IDEMPOTENCY_KEY_REUSED',
    });
    expect(posts()).toHaveLength(1);
  });
});
