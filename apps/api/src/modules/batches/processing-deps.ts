import type { Db } from '../../db/transaction.ts';
import type { Ledger } from '../ledger/index.ts';

/** What paying a batch works with (processing.ts), the bank funding of its cash-in (funding.ts) too. */
export interface ProcessingDeps {
  db: Db;
  ledger: Ledger;
  /** Seconds between the bank rail's steps, for a bank-funded batch's cash-in. */
  railStepSeconds: number | null;
  /** The app's clock: the weekly batch limit's period and the run's times. */
  now: () => Date;
}
