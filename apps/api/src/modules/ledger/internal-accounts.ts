import type { Kysely, Transaction } from 'kysely';
import type { Currency, Database } from '../../db/schema.ts';

/**
 * The provider's own ledger accounts. They stand for money outside the wallets (at banks, on the
 * JAM-DEX network) or owed by the provider, so they may go below zero; wallets never may.
 */
export const INTERNAL_ACCOUNTS = {
  bankSettlement: { ref: 'INT-BANK-SETTLEMENT', label: 'Bank settlement', currency: 'JMD' },
  cbdcSettlementJmd: { ref: 'INT-CBDC-SETTLEMENT-JMD', label: 'JAM-DEX settlement (JMD)', currency: 'JMD' },
  cbdcSettlementJamDex: {
    ref: 'INT-CBDC-SETTLEMENT-JAMDEX',
    label: 'JAM-DEX settlement',
    currency: 'JAM-DEX',
  },
  fees: { ref: 'INT-FEES', label: 'Lynk fees', currency: 'JMD' },
  gctPayable: { ref: 'INT-GCT-PAYABLE', label: 'GCT payable', currency: 'JMD' },
} as const satisfies Record<string, { ref: string; label: string; currency: Currency }>;

export type InternalAccountKey = keyof typeof INTERNAL_ACCOUNTS;

export async function ensureInternalAccounts(db: Kysely<Database>): Promise<void> {
  for (const account of Object.values(INTERNAL_ACCOUNTS)) {
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
}

export async function internalAccountId(
  db: Kysely<Database> | Transaction<Database>,
  key: InternalAccountKey,
) {
  const row = await db
    .selectFrom('accounts')
    .select('id')
    .where('account_ref', '=', INTERNAL_ACCOUNTS[key].ref)
    .executeTakeFirstOrThrow();
  return row.id;
}
