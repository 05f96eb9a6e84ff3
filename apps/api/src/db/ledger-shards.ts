/**
 * Every merchant's money goes through the same few internal accounts: one row each would be a
 * lock every writer waits for. Each is split into one sub-account per shard (ADR 020); a shard's
 * writer only touches its own, and the account's balance is the sum over its shards. Kept with
 * the database, below the ledger module, because the database's pool for the ledger's writers is
 * sized by it (never more writers than shards).
 */
export const LEDGER_SHARDS = 8;
