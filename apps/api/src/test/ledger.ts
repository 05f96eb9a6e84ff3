import { expect } from 'vitest';
import type { Db } from '../db/transaction.ts';
import { verifyLedger } from '../modules/ledger/service.ts';

/** The ledger verification finds nothing wrong: every check at zero, every currency summing to zero. */
export async function expectSoundLedger(db: Db): Promise<void> {
  const { violations, totalsPerCurrency } = await verifyLedger(db);
  expect(violations).toEqual(Object.fromEntries(Object.keys(violations).map((check) => [check, 0])));
  for (const total of Object.values(totalsPerCurrency)) expect(total).toBe(0n);
}
