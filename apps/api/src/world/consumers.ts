import type { Db } from '../db/transaction.ts';
import { type Ledger, postEntry } from '../modules/ledger/index.ts';
import type { Consumer } from '../modules/orders/index.ts';

/**
 * A wallet user of the simulated world: a J$ wallet funded from the bank (as a top-up in the
 * Lynk app would be) and a password for the pay page's sign-in.
 */
export async function createConsumer(
  db: Db,
  ledger: Ledger,
  person: {
    handle: string;
    email: string;
    displayName: string;
    passwordHash: string;
    balance: bigint;
    at: Date;
  },
): Promise<Consumer> {
  const { id: walletAccountId } = await db
    .insertInto('accounts')
    .values({
      merchant_id: null,
      type: 'CONSUMER',
      currency: 'JMD',
      account_ref: `CONSUMER-JMD-${person.handle.slice(1)}`,
      label: person.handle,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  const { id } = await db
    .insertInto('consumers')
    .values({
      handle: person.handle,
      email: person.email,
      display_name: person.displayName,
      password_hash: person.passwordHash,
      wallet_account_id: walletAccountId,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  if (person.balance > 0n) {
    await postEntry(ledger, {
      kind: 'OPENING_BALANCE',
      description: 'Top-up from the bank',
      createdAt: person.at,
      postings: [
        {
          accountId: await ledger.internalAccount('bankSettlement', null),
          currency: 'JMD',
          amount: -person.balance,
        },
        { accountId: walletAccountId, currency: 'JMD', amount: person.balance },
      ],
    });
  }
  return { id, handle: person.handle, walletAccountId };
}
