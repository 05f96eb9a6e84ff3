import type { Currency } from '../../db/schema.ts';
import type { Db } from '../../db/transaction.ts';
import { LEDGER_SHARDS } from '../../db/database.ts';
import { findInternalAccountIds, insertInternalAccounts } from './repository.ts';

/**
 * The provider's own ledger accounts. They stand for money outside the wallets (at banks, on the
 * JAM-DEX network) or owed by the provider, so they may go below zero; wallets never may.
 */
const INTERNAL_ACCOUNTS = {
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

/** The shard of a merchant's money movements (the provider's own: shard 0). */
export const shardOf = (merchantId: number | null) => (merchantId === null ? 0 : merchantId % LEDGER_SHARDS);

const refOf = (key: InternalAccountKey, shard: number) =>
  shard === 0 ? INTERNAL_ACCOUNTS[key].ref : `${INTERNAL_ACCOUNTS[key].ref}-${shard}`;

export async function ensureInternalAccounts(db: Db): Promise<void> {
  // One statement for all of them: every start runs this, and forty round trips cost 60 ms.
  await insertInternalAccounts(
    db,
    (Object.keys(INTERNAL_ACCOUNTS) as InternalAccountKey[]).flatMap((key) => {
      const { label, currency } = INTERNAL_ACCOUNTS[key];
      return Array.from({ length: LEDGER_SHARDS }, (_, shard) => ({
        ref: refOf(key, shard),
        label: shard === 0 ? label : `${label} (shard ${shard})`,
        currency,
      }));
    }),
  );
}

/** Resolves internal sub-accounts to ids, reading them once (they never change). */
export function internalAccountDirectory(db: Db) {
  let ids: Promise<Map<string, number>> | undefined;
  return async (key: InternalAccountKey, merchantId: number | null): Promise<number> => {
    ids ??= findInternalAccountIds(db);
    const ref = refOf(key, shardOf(merchantId));
    const id = (await ids).get(ref);
    if (id === undefined) throw new Error(`Internal account ${ref} is missing (ensureInternalAccounts)`);
    return id;
  };
}
