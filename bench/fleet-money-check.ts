/**
 * Whether the fleet lost or doubled a money movement: every transfer the clients were told was
 * accepted exists exactly once (found by its Idempotency-Key, and among the wallet's new transfers),
 * no transfer exists that no accepted key accounts for, both wallets hold their balance before
 * plus what the accepted transfers moved, and the ledger verification finds the ledger sound.
 */
import { sql } from 'kysely';
import type { Db } from '../apps/api/src/db/transaction.ts';
import { verifyLedger } from '../apps/api/src/modules/ledger/service.ts';
import { balancesOf } from '../apps/api/src/test/faults/world.ts';
import type { Attempt, Wallets } from './fleet-transfers.ts';

export interface MoneySnapshot {
  wallet: bigint;
  jamDex: bigint;
  /** The wallet's newest transfer before the load: what comes after is the load's. */
  lastTransferId: bigint;
}

export async function moneySnapshot(db: Db, wallets: Wallets): Promise<MoneySnapshot> {
  const balances = await balancesOf(db, [wallets.wallet, wallets.jamDex]);
  const last = await db
    .selectFrom('transfers')
    .select((eb) => eb.fn.max('id').as('id'))
    .where('wallet_account_id', '=', wallets.wallet)
    .executeTakeFirst();
  return {
    wallet: balances.get(wallets.wallet)!,
    jamDex: balances.get(wallets.jamDex)!,
    lastTransferId: BigInt(last?.id ?? 0),
  };
}

export interface MoneyCheck {
  accepted: number;
  /** Accepted transfers the database does not hold (or holds under another key). */
  lost: number;
  /** Transfers the database holds beyond one per accepted key. */
  doubled: number;
  walletOff: string | null;
  ledgerSound: boolean;
  ledgerViolations: Record<string, number>;
}

/** `attempts` as they finally ended (after the clients sent again what got no answer). */
export async function checkMoney(
  db: Db,
  wallets: Wallets,
  before: MoneySnapshot,
  attempts: Attempt[],
): Promise<MoneyCheck> {
  const accepted = attempts.filter((a) => a.status === 201);
  const stored = await sql<{ key: string; transfer_id: string | null }>`
    select key, response_body -> 'data' ->> 'transfer_id' as transfer_id
    from idempotency_keys where key = any(${accepted.map((a) => a.call.key!)}::text[])`.execute(db);
  const storedByKey = new Map(stored.rows.map((row) => [row.key, row.transfer_id]));
  const made = await db
    .selectFrom('transfers')
    .select('id')
    .where('wallet_account_id', '=', wallets.wallet)
    .where('id', '>', String(before.lastTransferId))
    .execute();
  const madeIds = new Set(made.map((t) => String(t.id)));
  const answeredIds = new Set<string>();
  let lost = 0;
  for (const a of accepted) {
    const id = a.transferId!;
    if (!madeIds.has(id) || storedByKey.get(a.call.key!) !== id || answeredIds.has(id)) lost++;
    answeredIds.add(id);
  }
  const doubled = [...madeIds].filter((id) => !answeredIds.has(id)).length;

  let moved = 0n;
  for (const a of accepted) {
    const amount = BigInt((a.call.body as { amount: number }).amount);
    moved += a.direction === 'CASH_IN' ? amount : -amount;
  }
  const after = await balancesOf(db, [wallets.wallet, wallets.jamDex]);
  const expected = { wallet: before.wallet + moved, jamDex: before.jamDex - moved };
  const walletOff =
    after.get(wallets.wallet) === expected.wallet && after.get(wallets.jamDex) === expected.jamDex
      ? null
      : `wallet ${after.get(wallets.wallet)} (expected ${expected.wallet}), JAM-DEX ${after.get(wallets.jamDex)} (expected ${expected.jamDex})`;
  const verification = await verifyLedger(db);
  return {
    accepted: accepted.length,
    lost,
    doubled,
    walletOff,
    ledgerSound: verification.ok,
    ledgerViolations: verification.violations,
  };
}
