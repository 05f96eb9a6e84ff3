import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { openDatabase } from '../../db/database.ts';
import { prepareDatabase } from '../../scripts/prepare.ts';
import type { Db } from '../../db/transaction.ts';
import { loadSecrets } from '../../lib/secrets.ts';
import { advanceBankTransfer } from '../../world/bank-rail.ts';
import { DEMO_CUSTOMER, DEMO_CONSUMERS } from '../../world/demo-consumers.ts';
import { createBatchPayees, fundWallet } from '../batch-world.ts';
import type { FaultTarget } from './server.ts';

/** What the fault runs move money between: the Kingston branch's accounts and wallet users of the demo. */
export interface FaultWorld {
  merchantId: number;
  wallet: number;
  jamDex: number;
  /** A bank account the simulated rail pays (not the one flagged to fail). */
  bank: number;
  /** Customers who pay pay links: their sign-in email and wallet. */
  customers: { email: string; wallet: number }[];
  /** Wallet users a batch pays: their Lynk ID (handle without the @) and wallet. */
  payees: { lynkId: string; wallet: number }[];
}

const KINGSTON = 1001;
const PAYEES = 20;
/** What the payrolls of a run may spend: J$100 million. */
const PAYROLL_FUNDS = 10_000_000_000n;

/** Opens the target's database for the caller, while no server has it. */
export async function withFaultDatabase<T>(target: FaultTarget, work: (db: Db) => Promise<T>): Promise<T> {
  const database = await openDatabase({ databaseUrl: target.databaseUrl, dataDir: target.dataDir });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

/**
 * Makes the target's database the demo world (migrated and seeded unless `load` brings a seeded
 * copy) and settles the bank transfers the demo left on the rail, so that every movement during a
 * run is one the run asked for. `payrolls`: wallet users for the payrolls (`payees` under each
 * prefix), and the main wallet funded and allowed to pay them. Answers the accounts the run uses.
 */
export async function prepareFaultWorld(
  target: FaultTarget,
  options: { load?: Blob; payrolls?: { prefixes: string[]; payees: number } } = {},
): Promise<FaultWorld> {
  const { load, payrolls } = options;
  const database = await openDatabase({
    databaseUrl: target.databaseUrl,
    dataDir: target.dataDir,
    ...(load ? { loadDataDir: load } : {}),
  });
  try {
    const { db } = database;
    if (!load) await prepareDatabase(db, { demo: true, now: new Date() });
    const config = loadConfig({
      DATA_DIR: target.dataDir,
      ...(target.databaseUrl ? { DATABASE_URL: target.databaseUrl } : {}),
      LOG_LEVEL: 'silent',
      DEMO: 'true',
    });
    const app = await buildApp({
      config,
      database,
      secrets: await loadSecrets(target.dataDir),
      jobs: false,
      logger: false,
      portalDir: '/nonexistent',
    });
    await app.ready();
    const inFlight = await db
      .selectFrom('transfers')
      .select('id')
      .where('status', 'in', ['PENDING', 'SCHEDULED', 'TRANSMITTED'])
      .where('jam_dex', '=', false)
      .execute();
    for (const { id } of inFlight) {
      while ((await advanceBankTransfer(db, app.ledger, id, new Date())) === 'TRANSMITTED');
    }
    const world = await readWorld(db);
    if (payrolls) {
      for (const prefix of payrolls.prefixes) await createBatchPayees(db, prefix, payrolls.payees);
      await fundWallet(db, app.ledger, KINGSTON, world.wallet, PAYROLL_FUNDS);
    }
    await app.close();
    return world;
  } finally {
    await database.close();
  }
}

async function readWorld(db: Db): Promise<FaultWorld> {
  const accounts = await db
    .selectFrom('accounts')
    .select(['id', 'type', 'details'])
    .where('merchant_id', '=', KINGSTON)
    .execute();
  const one = (pick: (a: (typeof accounts)[number]) => boolean) => accounts.find(pick)!.id;
  const customers = await db
    .selectFrom('consumers')
    .select(['email', 'wallet_account_id as wallet'])
    .where(
      'email',
      'in',
      [DEMO_CUSTOMER, ...DEMO_CONSUMERS].map((c) => c.email),
    )
    .orderBy('id')
    .execute();
  const payees = await db
    .selectFrom('consumers')
    .select(['handle', 'wallet_account_id as wallet'])
    .where('email', 'like', '%@payees.lynk.example')
    .orderBy('id')
    .limit(PAYEES)
    .execute();
  return {
    merchantId: KINGSTON,
    wallet: one((a) => a.type === 'LYNK'),
    jamDex: one((a) => a.type === 'CBDC'),
    bank: one(
      (a) => a.type === 'BANK_ACCOUNT' && !(a.details as { simulate_failure?: boolean }).simulate_failure,
    ),
    customers,
    payees: payees.map((p) => ({ lynkId: p.handle.slice(1), wallet: p.wallet })),
  };
}

/** Each account's balance, by id. */
export async function balancesOf(db: Db, ids: number[]): Promise<Map<number, bigint>> {
  const rows = await db.selectFrom('accounts').select(['id', 'balance']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, BigInt(row.balance)]));
}

/** Every account a world's money moves between. */
export function worldAccounts(world: FaultWorld): number[] {
  return [
    world.wallet,
    world.jamDex,
    ...world.customers.map((c) => c.wallet),
    ...world.payees.map((p) => p.wallet),
  ];
}
