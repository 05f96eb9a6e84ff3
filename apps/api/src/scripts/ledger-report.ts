import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { verifyLedger } from '../modules/ledger/index.ts';

/**
 * Recomputes the ledger and prints each check (`npm run ledger:verify`, and after a restore).
 * Answers whether every check passed.
 */
export async function printLedgerVerification(db: Kysely<Database>): Promise<boolean> {
  const { ok, violations, totalsPerCurrency } = await verifyLedger(db);
  for (const [check, count] of Object.entries(violations)) {
    console.log(`${count === 0 ? 'ok  ' : 'FAIL'} ${check}: ${count}`);
  }
  for (const [currency, total] of Object.entries(totalsPerCurrency)) {
    console.log(`${total === 0n ? 'ok  ' : 'FAIL'} postings in ${currency} sum to ${total}`);
  }
  console.log(ok ? 'ledger verified: sound' : 'ledger verification FAILED');
  return ok;
}
