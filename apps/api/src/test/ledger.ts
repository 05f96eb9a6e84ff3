import { expect } from 'vitest';
import type { Db } from '../db/transaction.ts';
import type { PostingRequest } from '../modules/ledger/engine-types.ts';
import { verifyLedger } from '../modules/ledger/service.ts';

/** The ledger verification finds nothing wrong: every check at zero, every currency summing to zero. */
export async function expectSoundLedger(db: Db): Promise<void> {
  const { violations, totalsPerCurrency } = await verifyLedger(db);
  expect(violations).toEqual(Object.fromEntries(Object.keys(violations).map((check) => [check, 0])));
  for (const total of Object.values(totalsPerCurrency)) expect(total).toBe(0n);
}

const TEST_REFUSALS: PostingRequest['refusals'] = {
  INSUFFICIENT_FUNDS: { statusCode: 422, body: { code: 'INSUFFICIENT_FUNDS', message: 'Not enough.' } },
  DAILY_LIMIT_EXCEEDED: {
    statusCode: 422,
    body: { code: 'DAILY_LIMIT_EXCEEDED', message: 'J${remaining} left today.' },
  },
};

export interface DebitOptions {
  key?: string;
  hash?: string;
  /** Counts the amount against the wallet's cash-out limit of 2021-06-01, standard cap `cap`. */
  cap?: bigint;
  /** Takes the money from this account instead of the wallet. */
  account?: number;
}

/**
 * A ledger request for a cash-out of `amount` cents from the wallet into bank settlement, optionally under a key and a
 * limit (a negative amount pays back in).
 */
export function walletDebit(
  {
    merchantId,
    wallet,
    bank,
    settlement,
  }: { merchantId: number; wallet: number; bank: number; settlement: number },
  amount: bigint,
  options: DebitOptions = {},
): PostingRequest {
  const now = new Date();
  return {
    merchantId,
    transfer: {
      merchant_id: merchantId,
      wallet_account_id: wallet,
      counterpart_account_id: bank,
      direction: amount > 0n ? 'CASH_OUT' : 'CASH_IN',
      type: amount > 0n ? 'CASH OUT' : 'CASH IN',
      status: 'COMPLETED',
      amount: (amount > 0n ? amount : -amount).toString(),
      currency: 'JMD',
      from_label: 'engine test',
      to_label: 'engine test',
      limit_type: options.cap === undefined ? null : 'ACH_CASHOUT',
      limit_period_start: options.cap === undefined ? null : '2021-06-01',
      created_by: null,
      created_at: now,
      updated_at: now,
      completed_at: now,
    },
    ...(options.key
      ? {
          idempotency: {
            scope: 'engine-test',
            key: options.key,
            requestHash: options.hash ?? `hash-${amount}`,
            expiresAt: new Date(Date.now() + 60_000),
          },
        }
      : {}),
    ...(options.cap === undefined
      ? {}
      : {
          limit: {
            accountId: wallet,
            type: 'ACH_CASHOUT' as const,
            periodStart: '2021-06-01',
            amount,
            defaultCap: options.cap,
          },
        }),
    entry: {
      kind: 'TEST',
      description: 'engine test',
      createdAt: new Date(),
      postings: [
        { accountId: options.account ?? wallet, currency: 'JMD', amount: -amount },
        { accountId: settlement, currency: 'JMD', amount },
      ],
    },
    response: { statusCode: 201, body: { amount: Number(amount) } },
    refusals: TEST_REFUSALS,
  };
}
