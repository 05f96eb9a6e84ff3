/**
 * The ledger engine, its limits, dates and idempotency keys.
 *
 * The module's public face (ADR 044): other modules, the world, app.ts and the scripts import
 * from here only; the files behind it are the module's own.
 */
export type { EngineOutcome, PostingInput, PostingRequest } from './engine-types.ts';
export {
  deleteExpiredIdempotencyKeys,
  idempotencyClaim,
  sendEngineAnswer,
  storedAnswer,
  withIdempotency,
} from './idempotency.ts';
export { ensureInternalAccounts } from './internal-accounts.ts';
export { addDays, jamaicaDate, jamaicaMidnight, listingDayBounds, periodStart } from './jamaica-time.ts';
export { createLedger, type Ledger } from './ledger.ts';
export { DEFAULT_LIMITS, readLimit } from './limits.ts';
export { ledgerPlugin } from './plugin.ts';
export { insufficientFunds, postEntry, verifyLedger } from './service.ts';
