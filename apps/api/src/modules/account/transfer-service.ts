import { hasPermission, type PermissionString } from '@lynk/contract/permissions';
import { PRODUCT_MESSAGES } from '@lynk/contract/messages';
import type { SessionIdentity } from '@lynk/contract/session';
import type { CreateTransfer, Transfer } from '@lynk/contract/transfers';
import type { LimitTransferType } from '@lynk/contract/statuses';
import { inTransaction, type Db } from '../../db/transaction.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import { recordAudit } from '../audit/service.ts';
import { internalAccountId } from '../ledger/internal-accounts.ts';
import { consumeLimit } from '../ledger/limits.ts';
import { postEntry } from '../ledger/service.ts';
import { findMerchantAccount, insertTransfer, type TransferRow } from './repository.ts';
import { scheduleRailStep, type RailQueue } from './transfer-status.ts';

interface Route {
  permission: PermissionString;
  type: Transfer['type'];
  limit: LimitTransferType | null;
  /** JAM-DEX moves settle at once on the network; bank moves go through the rail. */
  instant: boolean;
}

/**
 * What each way of moving money needs and does (spec sections 5 and 6; contract transfers.ts).
 * Money never comes back from a beneficiary through this call: that way has no route.
 */
const ROUTES: Record<
  CreateTransfer['transfer_type'],
  Partial<Record<CreateTransfer['account_type'], Route>>
> = {
  CASH_IN: {
    BANK_ACCOUNT: { permission: 'create:cashins', type: 'CASH IN', limit: 'TOP', instant: false },
    CBDC: { permission: 'create:cbdc-cashins', type: 'CASH IN', limit: null, instant: true },
  },
  CASH_OUT: {
    BANK_ACCOUNT: { permission: 'create:cashouts', type: 'CASH OUT', limit: 'ACH_CASHOUT', instant: false },
    CBDC: { permission: 'create:cbdc-cashouts', type: 'CASH OUT', limit: null, instant: true },
    BENEFICIARY: {
      permission: 'create:cashouts',
      type: 'DISBURSEMENT',
      limit: 'ACH_CASHOUT',
      instant: false,
    },
  },
};

export function toTransferDto(row: TransferRow): Transfer {
  return {
    transfer_id: row.id,
    from: row.from_label,
    to: row.to_label,
    datetime: row.created_at.toISOString(),
    total: Number(row.amount) + Number(row.commission) + Number(row.gct),
    commission: Number(row.commission),
    gct: Number(row.gct),
    type: row.type,
    status: row.status,
    currency: row.currency,
    failure_reason: row.failure_reason,
  };
}

/** Who asks for a transfer, and where its bank steps are queued (null: nowhere, e.g. the seed). */
export interface TransferCaller {
  identity: SessionIdentity;
  ip: string;
  now?: Date;
  rail: RailQueue | null;
}

/**
 * Moves money between the merchant's main wallet and one of its linked accounts, in one
 * transaction: limit counted, transfer recorded, ledger posted, audit written, and (for bank moves)
 * the rail job queued — all or nothing.
 */
export async function createTransfer(
  db: Db,
  caller: TransferCaller,
  walletAccountId: number,
  input: CreateTransfer,
): Promise<Transfer> {
  const { identity } = caller;
  const now = caller.now ?? new Date();
  const merchantId = identity.merchant_id;

  const wallet = await findMerchantAccount(db, merchantId, walletAccountId);
  if (!wallet || wallet.type !== 'LYNK') throw notFound(PRODUCT_MESSAGES.walletNotFound);
  const counterpart = await findMerchantAccount(db, merchantId, input.account_id);
  if (!counterpart || counterpart.type !== input.account_type)
    throw notFound(PRODUCT_MESSAGES.accountNotFound);
  const route = ROUTES[input.transfer_type][input.account_type];
  if (!route) throw notFound(PRODUCT_MESSAGES.noCashInFromBeneficiary);
  if (!hasPermission(identity.permissions, route.permission)) throw forbidden();

  const amount = BigInt(input.amount);
  const incoming = input.transfer_type === 'CASH_IN';
  // A cash-in pulls from the merchant's bank: PENDING until the bank takes it up. Money going out
  // is SCHEDULED on the rail. Both then become TRANSMITTED and COMPLETED (or FAILED).
  const status = route.instant ? 'COMPLETED' : incoming ? 'PENDING' : 'SCHEDULED';

  const row = await inTransaction(db, async (trx) => {
    // Lock order (ADR 008): the limit row first, then the accounts (postEntry, by ascending id).
    const periodStart = route.limit ? await consumeLimit(trx, wallet.id, route.limit, amount, now) : null;
    const transfer = await insertTransfer(trx, {
      merchant_id: merchantId,
      wallet_account_id: wallet.id,
      counterpart_account_id: counterpart.id,
      direction: input.transfer_type,
      type: route.type,
      status,
      amount: amount.toString(),
      currency: 'JMD',
      from_label: incoming ? counterpart.label : wallet.label,
      to_label: incoming ? wallet.label : counterpart.label,
      jam_dex: input.account_type === 'CBDC',
      limit_type: route.limit,
      limit_period_start: periodStart,
      created_by: Number(identity.id),
      created_at: now,
      updated_at: now,
      completed_at: route.instant ? now : null,
    });
    await postTransferStart(trx, transfer, wallet.id, counterpart.id, amount);
    await recordAudit(trx, {
      actorUserId: Number(identity.id),
      organizationId: identity.org_id,
      action: 'transfer.created',
      subject: transfer.id,
      details: {
        direction: input.transfer_type,
        account_type: input.account_type,
        amount: input.amount,
        status,
      },
      ip: caller.ip,
    });
    if (!route.instant && caller.rail) await scheduleRailStep(trx, caller.rail, transfer.id);
    return transfer;
  });
  return toTransferDto(row);
}

/** The ledger side of a new transfer. Bank cash-ins post only when the bank confirms. */
async function postTransferStart(
  trx: Db,
  transfer: TransferRow,
  walletId: number,
  counterpartId: number,
  amount: bigint,
) {
  const base = { transferId: transfer.id, createdAt: transfer.created_at };
  if (transfer.jam_dex) {
    const [settlementJmd, settlementJamDex] = await Promise.all([
      internalAccountId(trx, 'cbdcSettlementJmd'),
      internalAccountId(trx, 'cbdcSettlementJamDex'),
    ]);
    // JAM-DEX is the digital Jamaican dollar: one J$ for one JAM-DEX, through the settlement pair.
    const sign = transfer.direction === 'CASH_IN' ? 1n : -1n;
    await postEntry(trx, {
      ...base,
      kind: transfer.direction === 'CASH_IN' ? 'CBDC_TO_WALLET' : 'WALLET_TO_CBDC',
      description: `${transfer.from_label} → ${transfer.to_label}`,
      postings: [
        { accountId: walletId, currency: 'JMD', amount: sign * amount },
        { accountId: settlementJmd, currency: 'JMD', amount: -sign * amount },
        { accountId: counterpartId, currency: 'JAM-DEX', amount: -sign * amount },
        { accountId: settlementJamDex, currency: 'JAM-DEX', amount: sign * amount },
      ],
    });
    return;
  }
  if (transfer.direction === 'CASH_OUT') {
    // The money leaves the wallet now and waits at the bank settlement account while in transit.
    await postEntry(trx, {
      ...base,
      kind: 'WALLET_TO_BANK',
      description: `${transfer.from_label} → ${transfer.to_label}`,
      postings: [
        { accountId: walletId, currency: 'JMD', amount: -amount },
        { accountId: await internalAccountId(trx, 'bankSettlement'), currency: 'JMD', amount },
      ],
    });
  }
}
