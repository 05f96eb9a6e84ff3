import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, branchAccounts } from '../../test/accounts.ts';
import { expectSoundLedger, walletDebit } from '../../test/ledger.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { callPostBatch } from './engine-repository.ts';
import type { EngineOutcome, PostingRequest } from './engine-types.ts';
import { readLimit } from './limits.ts';

// Kingston's wallet, its limit on a day of its own (2021-06-01) and random batches against both.
const MERCHANT_ID = 1001;
const LIMIT_DAY = new Date('2021-06-01T17:00:00Z');
let t: TestApp;
let debit: (amount: bigint, options?: Parameters<typeof walletDebit>[2]) => PostingRequest;
let wallet: number;
let run = 0;

beforeAll(async () => {
  t = await createTestApp();
  const accounts = await branchAccounts(t, MERCHANT_ID);
  wallet = accounts.wallet;
  const settlement = await t.app.ledger.internalAccount('bankSettlement', MERCHANT_ID);
  debit = (amount, options) =>
    walletDebit({ merchantId: MERCHANT_ID, wallet, bank: accounts.bank, settlement }, amount, options);
});
afterAll(async () => {
  await t.close();
});

type Kind = 'debit' | 'credit' | 'overBalance' | 'limited' | 'malformed';
interface Drawn {
  kind: Kind;
  amount: number;
  /** Index into a small pool of keys, so keys repeat (null: no key). */
  key: number | null;
}

const drawnRequest = fc.record({
  kind: fc.constantFrom<Kind>('debit', 'credit', 'overBalance', 'limited', 'limited', 'malformed'),
  amount: fc.integer({ min: 1, max: 400_000_00 }),
  key: fc.option(fc.integer({ min: 0, max: 5 }), { nil: null }),
});

/** The request a drawing stands for; `malformed` posts to an account that does not exist. */
function toRequest(drawn: Drawn, balance: bigint, keyPrefix: string): PostingRequest {
  const key =
    drawn.key === null ? {} : { key: `${keyPrefix}-${drawn.key}`, hash: `${drawn.kind}-${drawn.amount}` };
  const amount = BigInt(drawn.amount);
  switch (drawn.kind) {
    case 'debit':
      return debit(amount, key);
    case 'credit':
      return debit(-amount, key);
    case 'overBalance':
      return debit(balance + amount, key);
    case 'limited':
      return debit(amount, { ...key, cap: 1_000_000_00n });
    case 'malformed':
      return debit(amount, { ...key, account: 2_000_000_000 });
  }
}

interface Model {
  balance: bigint;
  used: bigint;
  answers: Map<string, { hash: string; outcome: EngineOutcome }>;
}

/** What the engine must answer for one request, given everything decided before it. */
function expected(model: Model, request: PostingRequest): EngineOutcome {
  const key = request.idempotency && `${request.idempotency.scope}\n${request.idempotency.key}`;
  const earlier = key ? model.answers.get(key) : undefined;
  if (earlier) {
    const { statusCode, body } = earlier.outcome as { statusCode: number; body: unknown };
    return {
      outcome: 'replayed',
      sameRequest: earlier.hash === request.idempotency!.requestHash,
      statusCode,
      body,
    };
  }
  const amount = -request.entry!.postings[0]!.amount;
  let outcome: EngineOutcome;
  if (request.limit && model.used + amount > 1_000_000_00n) {
    outcome = { outcome: 'refused', code: 'DAILY_LIMIT_EXCEEDED', statusCode: 422, body: expect.anything() };
  } else if (model.balance - amount < 0n) {
    outcome = { outcome: 'refused', code: 'INSUFFICIENT_FUNDS', statusCode: 422, body: expect.anything() };
  } else {
    model.balance -= amount;
    if (request.limit) model.used += amount;
    outcome = {
      outcome: 'accepted',
      transferId: expect.any(String),
      entryId: expect.any(String),
      statusCode: 201,
      body: request.response!.body,
    };
  }
  if (key) model.answers.set(key, { hash: request.idempotency!.requestHash, outcome });
  return outcome;
}

describe('the engine under random batches', () => {
  it('answers each request of a batch as if they had come one by one, in order', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          drawnRequest.filter((d) => d.kind !== 'malformed'),
          { minLength: 1, maxLength: 40 },
        ),
        async (drawn) => {
          const prefix = `prop-${++run}`;
          const model: Model = {
            balance: await balanceOf(t, wallet),
            used: BigInt((await readLimit(t.database.db, wallet, 'ACH_CASHOUT', LIMIT_DAY)).used),
            answers: new Map(),
          };
          const requests = drawn.map((d) => toRequest(d, model.balance, prefix));
          const outcomes = await callPostBatch(t.database.db, requests);
          expect(outcomes).toEqual(requests.map((request) => expected(model, request)));
          expect(await balanceOf(t, wallet)).toBe(model.balance);
          expect(BigInt((await readLimit(t.database.db, wallet, 'ACH_CASHOUT', LIMIT_DAY)).used)).toBe(
            model.used,
          );
        },
      ),
      { numRuns: 30 },
    );
    await expectSoundLedger(t.database.db);
  });

  it('lets only the malformed requests fail when many callers post at once, and stays sound', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(drawnRequest, { minLength: 1, maxLength: 60 }), async (drawn) => {
        const prefix = `prop-${++run}`;
        const before = await balanceOf(t, wallet);
        const requests = drawn.map((d) => toRequest(d, before, prefix));
        const settled = await Promise.allSettled(requests.map((request) => t.app.ledger.post(request)));
        let moved = 0n;
        const firstAnswers = new Map<string, unknown>();
        settled.forEach((result, i) => {
          const { kind } = drawn[i]!;
          const key = requests[i]!.idempotency?.key;
          const earlierAnswer = key ? firstAnswers.get(key) : undefined;
          if (result.status === 'rejected') {
            // Only a malformed request fails — unless its key was answered before it came.
            expect(kind).toBe('malformed');
            return;
          }
          const outcome = result.value;
          if (outcome.outcome === 'replayed') {
            expect(earlierAnswer ?? outcome.body).toEqual(outcome.body);
            return;
          }
          expect(kind).not.toBe('malformed');
          expect(outcome.outcome).not.toBe('stale');
          if (key && outcome.outcome !== 'stale') firstAnswers.set(key, outcome.body);
          if (outcome.outcome === 'accepted') moved += requests[i]!.entry!.postings[0]!.amount;
        });
        expect(await balanceOf(t, wallet)).toBe(before + moved);
        expect((await readLimit(t.database.db, wallet, 'ACH_CASHOUT', LIMIT_DAY)).used).toBeLessThanOrEqual(
          1_000_000_00,
        );
      }),
      { numRuns: 25 },
    );
    await expectSoundLedger(t.database.db);
  });
});
