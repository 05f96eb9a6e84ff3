import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '@/lib/api-client';
import { installFakeFetch } from '@/test/fake-fetch';
import { makeTransfer } from '@/test/fixtures';
import { createTransfer, IN_PROGRESS_RETRY, shouldRetryTransfer, transfersPath } from './create-transfer';

const VARIABLES = {
  mainWalletId: 1,
  body: { transfer_type: 'CASH_OUT', account_type: 'BANK_ACCOUNT', account_id: 3, amount: 2500 },
  idempotencyKey: '2b0b7f3e-4b3c-4f5e-9a0d-6f1e2d3c4b5a',
} as const;

const inProgress = new ApiRequestError({ status: 409, code: 'IDEMPOTENCY_IN_PROGRESS', message: 'busy' });

describe('createTransfer', () => {
  it('sends one request with the Idempotency-Key and the body', async () => {
    const { requests } = installFakeFetch({
      [`POST ${transfersPath(1)}`]: { status: 201, body: { data: makeTransfer(1) } },
    });
    await expect(createTransfer({ ...VARIABLES, body: { ...VARIABLES.body } })).resolves.toMatchObject({
      transfer_id: 'TRF-000001',
    });
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers.get('idempotency-key')).toBe(VARIABLES.idempotencyKey);
    expect(requests[0]?.body).toBe(JSON.stringify(VARIABLES.body));
  });
});

describe('shouldRetryTransfer (the mutation retry policy)', () => {
  it('retries a key still in progress, five times at most, a second apart', () => {
    expect([0, 1, 2, 3, 4].map((count) => shouldRetryTransfer(count, inProgress))).toEqual([
      true,
      true,
      true,
      true,
      true,
    ]);
    expect(shouldRetryTransfer(5, inProgress)).toBe(false);
    expect(IN_PROGRESS_RETRY).toEqual({ delayMs: 1000, maxRetries: 5 });
  });

  it('does not retry any other refusal, not even another 409, nor a lost answer', () => {
    const reused = new ApiRequestError({ status: 409, code: 'IDEMPOTENCY_KEY_REUSED', message: 'used' });
    const network = new ApiRequestError({ status: 0, code: 'NETWORK_ERROR', message: 'offline' });
    expect(shouldRetryTransfer(0, reused)).toBe(false);
    expect(shouldRetryTransfer(0, network)).toBe(false);
    expect(shouldRetryTransfer(0, new Error('boom'))).toBe(false);
  });
});
