import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Transfer } from '@lynk/contract/transfers';
import { branchAccounts } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { advanceBankTransfer } from '../../world/bank-rail.ts';
import { AppError } from '../../lib/app-error.ts';
import { createTransfer } from '../account/transfers.ts';
import { ROLE_PERMISSIONS } from '@lynk/contract/roles';
import { ledgerInvariants } from './repository.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const identity = {
  id: '2',
  authID: 'property-test',
  role: 'Admin',
  role_id: 1,
  displayName: 'Property test',
  email: 'admin.ochorios@bluemountain.example',
  org_id: 'org_1003',
  merchant_id: 1003,
  permissions: [...ROLE_PERMISSIONS[1]],
};

type Move = 'toBank' | 'fromBank' | 'toFailingBank' | 'toBeneficiary' | 'railStep';

describe('the ledger under random sequences of transfers', () => {
  it('keeps every entry balanced, every balance equal to its postings and no wallet below zero', async () => {
    const accounts = await branchAccounts(t, 1003);
    const pending: string[] = [];
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            move: fc.constantFrom<Move>('toBank', 'fromBank', 'toFailingBank', 'toBeneficiary', 'railStep'),
            // Up to J$800,000: large enough to hit insufficient funds and the daily limits.
            amount: fc.integer({ min: 10, max: 80_000_000 }),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        async (moves) => {
          for (const { move, amount } of moves) {
            if (move === 'railStep') {
              const id = pending.shift();
              if (id && (await advanceBankTransfer(t.database.db, id)) === 'TRANSMITTED') pending.push(id);
              continue;
            }
            const body = {
              toBank: { transfer_type: 'CASH_OUT', account_type: 'BANK_ACCOUNT', account_id: accounts.bank },
              fromBank: { transfer_type: 'CASH_IN', account_type: 'BANK_ACCOUNT', account_id: accounts.bank },
              toFailingBank: { transfer_type: 'CASH_OUT', account_type: 'BANK_ACCOUNT', account_id: accounts.failingBank },
              toBeneficiary: { transfer_type: 'CASH_OUT', account_type: 'BENEFICIARY', account_id: accounts.beneficiary },
            }[move] as Omit<Parameters<typeof createTransfer>[2], 'amount'>;
            let created: Transfer | undefined;
            try {
              created = await createTransfer(
                { db: t.database.db, boss: null, identity, ip: '127.0.0.1', railStepSeconds: 0 },
                accounts.wallet,
                { ...body, amount },
              );
            } catch (error) {
              // Refusals are expected outcomes; anything else is a bug.
              if (!(error instanceof AppError) || error.statusCode !== 422) throw error;
            }
            if (created) pending.push(created.transfer_id);
          }
          const invariants = await ledgerInvariants(t.database.db);
          expect(invariants.unbalancedEntries).toBe(0);
          expect(invariants.balancesNotMatchingPostings).toBe(0);
          expect(invariants.negativeWallets).toBe(0);
          expect(invariants.totalsPerCurrency).toEqual({ JMD: 0n, 'JAM-DEX': 0n });
        },
      ),
      { numRuns: 25 },
    );
  });
});
