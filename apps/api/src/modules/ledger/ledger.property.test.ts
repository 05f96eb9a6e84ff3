import fc from 'fast-check';
import { expectSoundLedger } from '../../test/ledger.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SessionIdentity } from '@lynk/contract/session';
import type { Transfer } from '@lynk/contract/transfers';
import { balanceOf, branchAccounts } from '../../test/accounts.ts';
import { createTestApp, type TestApp } from '../../test/test-app.ts';
import { advanceBankTransfer } from '../../world/bank-rail.ts';
import { AppError } from '../../lib/app-error.ts';
import { makeTransfer } from '../account/transfer-service.ts';
import { ROLE_PERMISSIONS } from '@lynk/contract/roles';

// Montego Bay has a JAM-DEX wallet beside its main wallet, and today's seeded cash-outs already
// use much of its daily cash-out limit, so random bank moves hit the limit as well as the balance.
const MERCHANT_ID = 1002;
const ADMIN_EMAIL = 'admin.montego@bluemountain.example';

let t: TestApp;
let identity: SessionIdentity;
beforeAll(async () => {
  t = await createTestApp();
  const admin = await t.database.db
    .selectFrom('users')
    .select('id')
    .where('email', '=', ADMIN_EMAIL)
    .executeTakeFirstOrThrow();
  identity = {
    id: String(admin.id),
    authID: 'property-test',
    role: 'Admin',
    role_id: 1,
    displayName: 'Property test',
    email: ADMIN_EMAIL,
    org_id: `org_${MERCHANT_ID}`,
    merchant_id: MERCHANT_ID,
    permissions: [...ROLE_PERMISSIONS[1]],
  };
});
afterAll(async () => {
  await t.close();
});

type BankMove = 'toBank' | 'fromBank' | 'toFailingBank' | 'toBeneficiary';
/**
 * JAM-DEX moves: main wallet → JAM-DEX (`toJamDex`, CASH_OUT) and JAM-DEX → main wallet
 * (`fromJamDex`, CASH_IN). The `…AboveBalance` forms ask for the source's whole balance plus the
 * drawn amount, so they must be refused.
 */
type JamDexMove = 'toJamDex' | 'fromJamDex' | 'toJamDexAboveBalance' | 'fromJamDexAboveBalance';
type Move = BankMove | JamDexMove | 'railStep';

const JAM_DEX_MOVES = new Set<Move>([
  'toJamDex',
  'fromJamDex',
  'toJamDexAboveBalance',
  'fromJamDexAboveBalance',
]);

describe('the ledger under random sequences of transfers', () => {
  it('keeps every entry balanced, every balance equal to its postings and no wallet below zero', async () => {
    const accounts = await branchAccounts(t, MERCHANT_ID);
    const cbdc = accounts.cbdc!;
    expect(cbdc).toBeDefined();
    const pending: string[] = [];
    const jamDexStart = await balanceOf(t, cbdc);
    let jamDexNet = 0n;
    const jamDexTally = { into: 0, outOf: 0, refused: 0 };
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            move: fc.constantFrom<Move>(
              'toBank',
              'fromBank',
              'toFailingBank',
              'toBeneficiary',
              'railStep',
              'toJamDex',
              'fromJamDex',
              'toJamDexAboveBalance',
              'fromJamDexAboveBalance',
            ),
            // Up to J$800,000: large enough to hit insufficient funds and the daily limits; the
            // small range keeps JAM-DEX moves (whose wallet holds far less) succeeding often too.
            amount: fc.oneof(
              fc.integer({ min: 10, max: 80_000_000 }),
              fc.integer({ min: 10, max: 2_000_000 }),
            ),
          }),
          { minLength: 1, maxLength: 12 },
        ),
        async (moves) => {
          // The model: only this test moves money in or out of the JAM-DEX wallet.
          const jamDexBefore = await balanceOf(t, cbdc);
          let expectedJamDex = jamDexBefore;
          for (const { move, amount: drawn } of moves) {
            if (move === 'railStep') {
              const id = pending.shift();
              if (
                id &&
                (await advanceBankTransfer(t.database.db, t.app.ledger, id, new Date())) === 'TRANSMITTED'
              )
                pending.push(id);
              continue;
            }
            const jamDex = JAM_DEX_MOVES.has(move);
            const intoJamDex = move === 'toJamDex' || move === 'toJamDexAboveBalance';
            // The balance the money would leave (JAM-DEX moves only; bank moves are not modelled here).
            const sourceBalance = jamDex
              ? intoJamDex
                ? await balanceOf(t, accounts.wallet)
                : expectedJamDex
              : 0n;
            const amount = move.endsWith('AboveBalance') ? Number(sourceBalance) + drawn : drawn;
            const body = {
              toBank: { transfer_type: 'CASH_OUT', account_type: 'BANK_ACCOUNT', account_id: accounts.bank },
              fromBank: { transfer_type: 'CASH_IN', account_type: 'BANK_ACCOUNT', account_id: accounts.bank },
              toFailingBank: {
                transfer_type: 'CASH_OUT',
                account_type: 'BANK_ACCOUNT',
                account_id: accounts.failingBank,
              },
              toBeneficiary: {
                transfer_type: 'CASH_OUT',
                account_type: 'BENEFICIARY',
                account_id: accounts.beneficiary,
              },
              toJamDex: { transfer_type: 'CASH_OUT', account_type: 'CBDC', account_id: cbdc },
              toJamDexAboveBalance: { transfer_type: 'CASH_OUT', account_type: 'CBDC', account_id: cbdc },
              fromJamDex: { transfer_type: 'CASH_IN', account_type: 'CBDC', account_id: cbdc },
              fromJamDexAboveBalance: { transfer_type: 'CASH_IN', account_type: 'CBDC', account_id: cbdc },
            }[move] as Omit<Parameters<typeof makeTransfer>[3], 'amount'>;
            let created: Transfer | undefined;
            let refusal: AppError | undefined;
            try {
              created = await makeTransfer(
                t.app.ledger,
                { identity, ip: '127.0.0.1', now: new Date(), railStepSeconds: null },
                accounts.wallet,
                { ...body, amount },
              );
            } catch (error) {
              // Refusals are expected outcomes; anything else is a bug.
              if (!(error instanceof AppError) || error.statusCode !== 422) throw error;
              refusal = error;
            }
            if (!jamDex) {
              if (created) pending.push(created.transfer_id);
              continue;
            }
            // JAM-DEX moves have no daily limit: exactly the affordable ones go through, at once.
            const affordable = BigInt(amount) <= sourceBalance;
            expect({ move, amount, sourceBalance, succeeded: created !== undefined }).toEqual({
              move,
              amount,
              sourceBalance,
              succeeded: affordable,
            });
            if (created) {
              expect(created).toMatchObject({
                status: 'COMPLETED',
                type: intoJamDex ? 'CASH OUT' : 'CASH IN',
                total: amount,
              });
              const delta = intoJamDex ? BigInt(amount) : -BigInt(amount);
              expectedJamDex += delta;
              jamDexNet += delta;
              if (intoJamDex) jamDexTally.into++;
              else jamDexTally.outOf++;
            } else {
              expect(refusal?.code).toBe('INSUFFICIENT_FUNDS');
              jamDexTally.refused++;
            }
          }
          await expectSoundLedger(t.database.db);
          // The JAM-DEX wallet moved by exactly the successful moves into it minus those out of it.
          expect(await balanceOf(t, cbdc)).toBe(expectedJamDex);
        },
      ),
      { numRuns: 25 },
    );
    // Over all runs (shrinking included) the model and the ledger still agree, and JAM-DEX money
    // really moved both ways, and was refused, rather than the property holding vacuously.
    expect(await balanceOf(t, cbdc)).toBe(jamDexStart + jamDexNet);
    expect(jamDexTally.into).toBeGreaterThan(0);
    expect(jamDexTally.outOf).toBeGreaterThan(0);
    expect(jamDexTally.refused).toBeGreaterThan(0);
  });
});
