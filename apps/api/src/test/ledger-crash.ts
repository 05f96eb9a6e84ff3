import type { PostingRequest } from '../modules/ledger/engine-types.ts';
import { walletDebit } from './ledger.ts';

/** Where the crash test's child posts, and what with. */
export interface CrashTarget {
  databaseUrl?: string;
  dataDir?: string;
  merchantId: number;
  wallet: number;
  bank: number;
  settlement: number;
  transfers: number;
}

/** The same keyed cash-outs, in the same order, for the child and for the retries after the crash. */
export function crashRequests(target: CrashTarget): PostingRequest[] {
  return Array.from({ length: target.transfers }, (_, i) =>
    walletDebit(target, 100n + BigInt(i), { key: `crash-${i}`, hash: `crash-${i}` }),
  );
}
