import type { Account } from '@lynk/contract/accounts';
import { ROLE_PERMISSIONS } from '@lynk/contract/roles';
import { describe, expect, it } from 'vitest';
import { makeAccount } from '@/test/fixtures';
import { transferDirections } from '@lynk/contract/permissions';
import { resolveTransfer, sourceAccounts, targetAccounts } from './transfer-options';

const main = makeAccount('LYNK', 1);
const cbdc = makeAccount('CBDC', 2);
const bank: Account = { ...makeAccount('BANK_ACCOUNT', 3), label: 'NCB ****1234' };
const beneficiary: Account = { ...makeAccount('BENEFICIARY', 4), label: 'Marcia Campbell' };
const accounts = [main, cbdc, bank, beneficiary];
const ids = (list: Account[]) => list.map((account) => account.id);

describe('resolveTransfer', () => {
  it.each([
    [bank, main, 'CASH_IN', 'BANK_ACCOUNT', 3, 'TOP'],
    [main, bank, 'CASH_OUT', 'BANK_ACCOUNT', 3, 'ACH_CASHOUT'],
    [main, beneficiary, 'CASH_OUT', 'BENEFICIARY', 4, 'ACH_CASHOUT'],
    [cbdc, main, 'CASH_IN', 'CBDC', 2, null],
    [main, cbdc, 'CASH_OUT', 'CBDC', 2, null],
  ] as const)(
    'maps %o → %o onto the contract table',
    (from, to, transferType, accountType, accountId, limit) => {
      expect(resolveTransfer(from, to)).toEqual({
        body: { transfer_type: transferType, account_type: accountType, account_id: accountId },
        dailyLimit: limit,
      });
    },
  );

  it('refuses pairs without the main wallet on exactly one side, and money out of a beneficiary', () => {
    expect(resolveTransfer(main, main)).toBeNull();
    expect(resolveTransfer(bank, cbdc)).toBeNull();
    expect(resolveTransfer(beneficiary, main)).toBeNull();
  });
});

describe('source and target accounts', () => {
  const admin = transferDirections(ROLE_PERMISSIONS[1]);

  it('never takes money from a beneficiary', () => {
    expect(ids(sourceAccounts(accounts, admin))).toEqual([1, 2, 3]);
  });

  it('offers nothing without a main wallet', () => {
    expect(sourceAccounts([cbdc, bank], admin)).toEqual([]);
    expect(targetAccounts([cbdc, bank], admin, null)).toEqual([]);
  });

  it('offers every reachable account before a source is chosen', () => {
    expect(ids(targetAccounts(accounts, admin, null))).toEqual([1, 2, 3, 4]);
  });

  it('needs create:cashouts for bank and beneficiary targets', () => {
    const noCashouts = transferDirections(['create:cbdc-cashouts', 'create:cbdc-cashins']);
    expect(ids(targetAccounts(accounts, noCashouts, main))).toEqual([2]);
  });
});
