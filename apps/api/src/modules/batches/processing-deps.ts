import type { Db } from '../../db/transaction.ts';
import type { Ledger } from '../ledger/index.ts';

/** What paying a batch works with (processing.ts), the bank funding of its cash-in (funding.ts) too. */
export interface ProcessingDeps {
  db: Db;
  ledger: Ledger;
  /** Seconds between the bank rail's steps, for a bank-funded batch's cash-in. */
  railStepSeconds: number | null;
  now?: () => Date;
}
