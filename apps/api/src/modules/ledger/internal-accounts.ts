import type { Currency } from '../../db/schema.ts';
import type { Db } from '../../db/transaction.ts';
import { findAccountIdByRef, insertInternalAccount } from './repository.ts';

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

export async function ensureInternalAccounts(db: Db): Promise<void> {
  for (const account of Object.values(INTERNAL_ACCOUNTS)) await insertInternalAccount(db, account);
}

export function internalAccountId(db: Db, key: InternalAccountKey): Promise<number> {
  return findAccountIdByRef(db, INTERNAL_ACCOUNTS[key].ref);
}
