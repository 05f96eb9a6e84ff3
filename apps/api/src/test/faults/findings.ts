import type { Db } from '../../db/transaction.ts';
import { verifyLedger } from '../../modules/ledger/service.ts';
import { balancesOf } from './world.ts';

/** What the database says after a fault run: accounts off what the answers add up to, and the ledger. */
export interface MoneyFindings {
  /** Accounts whose balance is not their balance before plus what the successful calls moved. */
  accountsOff: { account: number; expected: string; actual: string }[];
  ledgerSound: boolean;
  ledgerViolations: Record<string, number>;
}

export async function moneyFindings(
  db: Db,
  before: Map<number, bigint>,
  deltas: Map<number, bigint>,
): Promise<MoneyFindings> {
  const after = await balancesOf(db, [...before.keys()]);
  const accountsOff = [...before].flatMap(([account, balance]) => {
    const expected = balance + (deltas.get(account) ?? 0n);
    const actual = after.get(account)!;
    return expected === actual ? [] : [{ account, expected: String(expected), actual: String(actual) }];
  });
  const verification = await verifyLedger(db);
  return { accountsOff, ledgerSound: verification.ok, ledgerViolations: verification.violations };
}
