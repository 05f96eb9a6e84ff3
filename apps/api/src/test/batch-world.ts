import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/transaction.ts';
import type { Ledger } from '../modules/ledger/ledger.ts';
import { setLimit } from '../modules/ledger/limits.ts';
import { postEntry } from '../modules/ledger/service.ts';
import { validateBatch } from '../modules/batches/jobs.ts';

/**
 * Large batches for the crash test and the batch benchmark: wallet users loaded set-based, a
 * payroll file paying each of them once, and a branch wallet funded to pay it.
 */

/**
 * `count` wallet users `@{prefix}.1` … `@{prefix}.{count}`, each with an empty J$ wallet, in one
 * statement (no round trip per payee). Answers how many were added (none when already there).
 */
export async function createBatchPayees(db: Db, prefix: string, count: number): Promise<number> {
  const existing = await sql<{ n: string }>`
    select count(*) as n from consumers where handle like ${`@${prefix}.%`}`.execute(db);
  if (Number(existing.rows[0]!.n) >= count) return 0;
  await sql`
    with wallets as (
      insert into accounts (merchant_id, type, currency, account_ref, label)
      select null, 'CONSUMER', 'JMD', 'CONSUMER-JMD-' || ${prefix} || '.' || n, '@' || ${prefix} || '.' || n
        from generate_series(${Number(existing.rows[0]!.n) + 1}::int, ${count}::int) n
      returning id, label
    )
    insert into consumers (handle, email, display_name, password_hash, wallet_account_id)
    select label, substr(label, 2) || '@payees.example', initcap(replace(substr(label, 2), '.', ' ')),
           'no-sign-in', id
      from wallets
  `.execute(db);
  return count - Number(existing.rows[0]!.n);
}

/** Payee n's amount in J$: J$100.00 to J$1,098.99, varied so fees round both ways. */
const payeeAmount = (n: number) => `${100 + (n % 999)}.${String((n * 37) % 100).padStart(2, '0')}`;

/** A payroll file's rows for payees 1 … count: `lynk_id,amount,name`, one line each. */
export function* batchFileLines(prefix: string, count: number, namePad = 0): Generator<string> {
  yield 'lynk_id,amount,name\n';
  for (let n = 1; n <= count; n++) {
    const name = `Payee ${n}`.padEnd(namePad, '.');
    yield `${prefix}.${n},${payeeAmount(n)},${name}\n`;
  }
}

/** The whole payroll file (small batches: the benchmark streams its file from disk instead). */
export function batchFile(prefix: string, count: number): Buffer {
  return Buffer.from([...batchFileLines(prefix, count)].join(''));
}

/**
 * Money and room for a big batch on a branch's main wallet: `amount` cents paid in from outside
 * (the bank settlement account, so the ledger stays balanced) and a weekly batch limit of 10^15.
 */
export async function fundWallet(
  db: Db,
  ledger: Ledger,
  merchantId: number,
  walletId: number,
  amount: bigint,
): Promise<void> {
  await setLimit(db, walletId, 'MBATCH', 10n ** 15n);
  await postEntry(ledger, {
    kind: 'OPENING_BALANCE',
    description: 'Funds for a batch payout',
    createdAt: new Date(),
    merchantId,
    postings: [
      {
        accountId: await ledger.internalAccount('bankSettlement', merchantId),
        currency: 'JMD',
        amount: -amount,
      },
      { accountId: walletId, currency: 'JMD', amount },
    ],
  });
}

export interface BatchCallers {
  /** Headers of a manager (uploads, requests approval) and an admin (approves) of the branch. */
  manager: Record<string, string>;
  admin: Record<string, string>;
}

let keys = 0;
const key = () => `batch-world-${process.pid}-${Date.now()}-${++keys}`;

/**
 * Uploads a file through the real route, validates it with the validation job's handler, then
 * requests approval and approves it from the branch's main wallet (funded first with the batch's
 * total). Answers the APPROVED batch's id and total. Without a job queue nothing starts paying it:
 * a server started later resumes it.
 */
export async function approvedBatch(
  app: FastifyInstance,
  db: Db,
  callers: BatchCallers,
  options: { merchantId: number; walletId: number; file: Buffer; name: string },
): Promise<{ batchId: number; total: bigint; payees: number }> {
  const url = '/api/payment/batch-payments';
  const uploaded = await app.inject({
    method: 'POST',
    url,
    headers: { ...callers.manager, 'idempotency-key': key() },
    payload: { merchant_id: options.merchantId, name: options.name, csv: options.file.toString('base64') },
  });
  if (uploaded.statusCode !== 201) throw new Error(`upload: ${uploaded.statusCode} ${uploaded.body}`);
  const batchId = (uploaded.json() as { data: { id: number } }).data.id;
  const status = await validateBatch(db, batchId, new Date());
  if (status !== 'VALIDATED') throw new Error(`validation ended ${status}`);
  return approveBatch(app, db, callers, { ...options, batchId });
}

/** Funds the wallet with a VALIDATED batch's total, then requests approval and approves it. */
export async function approveBatch(
  app: FastifyInstance,
  db: Db,
  callers: BatchCallers,
  options: { merchantId: number; walletId: number; batchId: number },
): Promise<{ batchId: number; total: bigint; payees: number }> {
  const url = `/api/payment/batch-payments/${options.batchId}`;
  const batch = await db
    .selectFrom('batch_payments')
    .select(['total', 'payee_count'])
    .where('id', '=', options.batchId)
    .executeTakeFirstOrThrow();
  const total = BigInt(batch.total);
  await fundWallet(db, app.ledger, options.merchantId, options.walletId, total);
  const requested = await app.inject({ method: 'POST', url: `${url}/request`, headers: callers.manager });
  if (requested.statusCode !== 200) throw new Error(`request: ${requested.statusCode} ${requested.body}`);
  const approved = await app.inject({
    method: 'POST',
    url: `${url}/approve`,
    headers: callers.admin,
    payload: { account_type: 'LYNK', account_id: options.walletId },
  });
  if (approved.statusCode !== 200) throw new Error(`approve: ${approved.statusCode} ${approved.body}`);
  return { batchId: options.batchId, total, payees: batch.payee_count };
}
