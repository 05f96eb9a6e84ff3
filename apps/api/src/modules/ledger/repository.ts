import { sql } from 'kysely';
import type { Currency } from '../../db/schema.ts';
import type { Db } from '../../db/transaction.ts';

export interface PostingInput {
  accountId: number;
  currency: Currency;
  /** Signed cents: negative takes money out of the account, positive puts it in. */
  amount: bigint;
}

export async function insertEntry(
  db: Db,
  entry: { kind: string; transferId: string | null; description: string; createdAt?: Date },
): Promise<string> {
  const row = await db
    .insertInto('journal_entries')
    .values({
      kind: entry.kind,
      transfer_id: entry.transferId,
      description: entry.description,
      ...(entry.createdAt ? { created_at: entry.createdAt } : {}),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function insertPostings(db: Db, entryId: string, postings: PostingInput[], createdAt?: Date) {
  await db
    .insertInto('postings')
    .values(
      postings.map((p) => ({
        entry_id: entryId,
        account_id: p.accountId,
        currency: p.currency,
        amount: p.amount.toString(),
        ...(createdAt ? { created_at: createdAt } : {}),
      })),
    )
    .execute();
}

/**
 * Moves an account's balance by `delta` unless that would take a wallet below zero. The check and
 * the write are one statement, so two concurrent debits cannot both pass on a stale balance.
 * Returns false when nothing moved: the account would go negative, or it does not exist in that
 * currency (the caller tells the two apart with `findAccountBalance`).
 */
export async function applyBalanceDelta(db: Db, accountId: number, currency: Currency, delta: bigint) {
  const result = await db
    .updateTable('accounts')
    .set({ balance: sql`balance + ${delta.toString()}::bigint` } as never)
    .where('id', '=', accountId)
    .where('currency', '=', currency)
    .where((eb) =>
      eb.or([eb('allow_negative', '=', true), sql<boolean>`balance + ${delta.toString()}::bigint >= 0`]),
    )
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

export function findAccountBalance(db: Db, accountId: number) {
  return db
    .selectFrom('accounts')
    .select(['balance', 'currency'])
    .where('id', '=', accountId)
    .executeTakeFirst();
}

export async function insertInternalAccount(
  db: Db,
  account: { ref: string; label: string; currency: Currency },
): Promise<void> {
  await db
    .insertInto('accounts')
    .values({
      merchant_id: null,
      type: 'INTERNAL',
      currency: account.currency,
      account_ref: account.ref,
      external_reference: null,
      label: account.label,
      allow_negative: true,
    })
    .onConflict((oc) => oc.column('account_ref').doNothing())
    .execute();
}

export async function findAccountIdByRef(db: Db, ref: string): Promise<number> {
  const row = await db
    .selectFrom('accounts')
    .select('id')
    .where('account_ref', '=', ref)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Ledger-wide checks used by tests and the benchmark. */
export async function queryLedgerInvariants(db: Db) {
  const unbalancedEntries = await db
    .selectFrom('postings')
    .select(['entry_id', 'currency'])
    .groupBy(['entry_id', 'currency'])
    .having(sql`sum(amount)`, '<>', 0)
    .execute();
  const drifted = await sql<{ id: number }>`
    select a.id from accounts a
    left join (select account_id, sum(amount) as total from postings group by account_id) p on p.account_id = a.id
    where a.balance <> coalesce(p.total, 0)`.execute(db);
  const negativeWallets = await db
    .selectFrom('accounts')
    .select('id')
    .where('allow_negative', '=', false)
    .where(sql<boolean>`balance < 0`)
    .execute();
  const totals = await sql<{ currency: string; total: string }>`
    select currency, sum(amount)::text as total from postings group by currency`.execute(db);
  return {
    unbalancedEntries: unbalancedEntries.length,
    balancesNotMatchingPostings: drifted.rows.length,
    negativeWallets: negativeWallets.length,
    totalsPerCurrency: Object.fromEntries(totals.rows.map((r) => [r.currency, BigInt(r.total)])),
  };
}
