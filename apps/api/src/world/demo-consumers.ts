import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { Ledger } from '../modules/ledger/index.ts';
import type { Consumer } from '../modules/orders/index.ts';
import { createConsumer } from './consumers.ts';

export interface DemoConsumer {
  handle: string;
  email: string;
  displayName: string;
  /** How much (cents) the wallet holds once the demo history is paid: its top-up covers the rest. */
  balanceAfterSeed: bigint;
  /** How often they pay a demo order, relative to the others. */
  weight: number;
}

/**
 * Wallet users of the simulated world who pay the demo orders. Jane Doe is the one in the README:
 * she signs in on the pay page with `customer@lynk.example` and the demo password.
 */
export const DEMO_CUSTOMER: DemoConsumer = {
  handle: '@janedoe',
  email: 'customer@lynk.example',
  displayName: 'Jane Doe',
  balanceAfterSeed: 25_000_00n,
  weight: 2,
};

export const DEMO_CONSUMERS: DemoConsumer[] = [
  DEMO_CUSTOMER,
  // The same people as the JAM-DEX payers of the demo ledger, now with a J$ wallet too.
  { handle: '@kemar.b', email: 'kemar.brown@lynk.example', displayName: 'Kemar Brown', weight: 4 },
  { handle: '@shanice.w', email: 'shanice.walker@lynk.example', displayName: 'Shanice Walker', weight: 3 },
  { handle: '@andre.m', email: 'andre.morgan@lynk.example', displayName: 'Andre Morgan', weight: 3 },
  {
    handle: '@tashana.r',
    email: 'tashana.richards@lynk.example',
    displayName: 'Tashana Richards',
    weight: 2,
  },
  { handle: '@dwayne.p', email: 'dwayne.powell@lynk.example', displayName: 'Dwayne Powell', weight: 2 },
  { handle: '@keisha.l', email: 'keisha.lewis@lynk.example', displayName: 'Keisha Lewis', weight: 2 },
  { handle: '@rohan.g', email: 'rohan.gordon@lynk.example', displayName: 'Rohan Gordon', weight: 1 },
].map((person) => ({ balanceAfterSeed: 8_500_00n, ...person }));

/** Whether the demo customers (and so the demo orders) are there already. */
export async function hasDemoConsumers(db: Kysely<Database>): Promise<boolean> {
  const row = await db
    .selectFrom('consumers')
    .select('id')
    .where('handle', '=', DEMO_CUSTOMER.handle)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * Creates the demo customers, each topped up from the bank before the demo history starts with
 * what they will spend on it (`spend`, cents per handle) plus what they keep afterwards.
 */
export async function createDemoConsumers(
  db: Kysely<Database>,
  ledger: Ledger,
  passwordHash: string,
  spend: Map<string, bigint>,
  at: Date,
): Promise<Consumer[]> {
  const consumers: Consumer[] = [];
  for (const person of DEMO_CONSUMERS) {
    consumers.push(
      await createConsumer(db, ledger, {
        handle: person.handle,
        email: person.email,
        displayName: person.displayName,
        passwordHash,
        balance: (spend.get(person.handle) ?? 0n) + person.balanceAfterSeed,
        at,
      }),
    );
  }
  return consumers;
}
