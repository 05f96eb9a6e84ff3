import type { ApiError } from '@lynk/contract/errors';
import type { PermissionString } from '@lynk/contract/permissions';
import { MESSAGES, PRODUCT_MESSAGES } from '@lynk/contract/messages';
import type { SessionIdentity } from '@lynk/contract/session';
import { limitPeriod, type LimitTransferType } from '@lynk/contract/statuses';
import type { CreateTransfer, Transfer } from '@lynk/contract/transfers';
import type { TransferStatus } from '../../db/schema.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { assertGate } from '../../lib/gate.ts';
import {
  DEFAULT_LIMITS,
  type EngineOutcome,
  insufficientFunds,
  type Ledger,
  periodStart as startOfPeriod,
  type PostingRequest,
} from '../ledger/index.ts';
import type { TransferRow } from './repository.ts';

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

/** Who asks for a transfer, and how long the bank rail waits before its first step (null: it never takes it up, e.g. the demo's in-flight history). */
export interface TransferCaller {
  identity: SessionIdentity;
  ip: string;
  now: Date;
  railStepSeconds: number | null;
}

/**
 * Moves money between the merchant's main wallet and one of its linked accounts, as one request
 * to the ledger engine: limit counted, transfer recorded, ledger posted and audit written — all or
 * nothing, at most once per idempotency key. Checks the caller may (404, 403) before it queues.
 */
export async function createTransfer(
  ledger: Ledger,
  caller: TransferCaller,
  walletAccountId: number,
  input: CreateTransfer,
  idempotency?: PostingRequest['idempotency'],
): Promise<EngineOutcome> {
  const { identity } = caller;
  const merchantId = identity.merchant_id;

  // Another tenant's account looks like a missing one.
  const [wallet, counterpart] = (await ledger.accounts([walletAccountId, input.account_id])).map((account) =>
    account?.merchant_id === merchantId ? account : undefined,
  );
  if (wallet?.type !== 'LYNK') throw notFound(PRODUCT_MESSAGES.walletNotFound);
  if (counterpart?.type !== input.account_type) throw notFound(PRODUCT_MESSAGES.accountNotFound);
  const route = ROUTES[input.transfer_type][input.account_type];
  if (!route) throw notFound(PRODUCT_MESSAGES.noCashInFromBeneficiary);
  assertGate(identity, { allOf: [route.permission] });
  const actor = {
    merchantId,
    userId: Number(identity.id),
    organizationId: identity.org_id,
    ip: caller.ip,
    now: caller.now,
    railStepSeconds: caller.railStepSeconds,
  };
  return postTransfer(ledger, actor, { wallet, counterpart }, input, idempotency);
}

/** Who moves the money when no session asks (a batch cashing in its funding): the checks were made before. */
export interface TransferActor {
  merchantId: number;
  userId: number;
  organizationId: string;
  ip: string | null;
  now: Date;
  railStepSeconds: number | null;
}

/**
 * The transfer itself, between accounts already known to be the merchant's (its wallet and the
 * linked account of `input.account_type`), as one engine request.
 */
export async function postTransfer(
  ledger: Ledger,
  actor: TransferActor,
  accounts: { wallet: { id: number; label: string }; counterpart: { id: number; label: string } },
  input: CreateTransfer,
  idempotency?: PostingRequest['idempotency'],
): Promise<EngineOutcome> {
  const { merchantId, now } = actor;
  const { wallet, counterpart } = accounts;
  const route = ROUTES[input.transfer_type][input.account_type];
  if (!route) throw notFound(PRODUCT_MESSAGES.noCashInFromBeneficiary);
  const amount = BigInt(input.amount);
  const incoming = input.transfer_type === 'CASH_IN';
  // A cash-in pulls from the merchant's bank: PENDING until the bank takes it up. Money going out
  // is SCHEDULED on the rail. Both then become TRANSMITTED and COMPLETED (or FAILED).
  const status: TransferStatus = route.instant ? 'COMPLETED' : incoming ? 'PENDING' : 'SCHEDULED';
  const periodStart = route.limit ? startOfPeriod(now, limitPeriod(route.limit)) : null;
  const transfer = {
    merchant_id: merchantId,
    wallet_account_id: wallet.id,
    counterpart_account_id: counterpart.id,
    direction: input.transfer_type,
    type: route.type,
    status,
    amount: amount.toString(),
    currency: 'JMD' as const,
    from_label: incoming ? counterpart.label : wallet.label,
    to_label: incoming ? wallet.label : counterpart.label,
    jam_dex: input.account_type === 'CBDC',
    limit_type: route.limit,
    limit_period_start: periodStart,
    created_by: actor.userId,
    created_at: now,
    updated_at: now,
    completed_at: route.instant ? now : null,
    rail_due_at:
      route.instant || actor.railStepSeconds === null
        ? null
        : new Date(now.getTime() + actor.railStepSeconds * 1000),
  };
  const dto = toTransferDto({ ...transfer, id: '', commission: '0', gct: '0', failure_reason: null });

  return ledger.post({
    merchantId,
    ...(idempotency ? { idempotency } : {}),
    ...(route.limit && periodStart
      ? {
          limit: {
            accountId: wallet.id,
            type: route.limit,
            periodStart,
            amount,
            defaultCap: DEFAULT_LIMITS[route.limit],
          },
        }
      : {}),
    transfer,
    ...(await transferEntry(ledger, transfer, amount)),
    audit: {
      actorUserId: actor.userId,
      organizationId: actor.organizationId,
      action: 'transfer.created',
      details: {
        direction: input.transfer_type,
        account_type: input.account_type,
        amount: input.amount,
        status,
      },
      ip: actor.ip,
    },
    response: { statusCode: 201, body: { data: dto }, transferIdPath: ['data', 'transfer_id'] },
    refusals: TRANSFER_REFUSALS,
  });
}

/** What a refused transfer answers; the engine fills in what remains of the limit. */
const TRANSFER_REFUSALS = {
  INSUFFICIENT_FUNDS: { statusCode: 422, body: insufficientFunds().body() },
  DAILY_LIMIT_EXCEEDED: {
    statusCode: 422,
    body: { code: 'DAILY_LIMIT_EXCEEDED', message: MESSAGES.transfer.dailyLimitRemaining('{remaining}') },
  },
};

/** The ledger side of a new transfer. Bank cash-ins post only when the bank confirms. */
async function transferEntry(
  ledger: Ledger,
  transfer: {
    merchant_id: number;
    wallet_account_id: number;
    counterpart_account_id: number;
    direction: 'CASH_IN' | 'CASH_OUT';
    jam_dex: boolean;
    from_label: string;
    to_label: string;
    created_at: Date;
  },
  amount: bigint,
): Promise<Pick<PostingRequest, 'entry'>> {
  const base = {
    description: `${transfer.from_label} → ${transfer.to_label}`,
    createdAt: transfer.created_at,
  };
  const walletId = transfer.wallet_account_id;
  if (transfer.jam_dex) {
    const [settlementJmd, settlementJamDex] = await Promise.all([
      ledger.internalAccount('cbdcSettlementJmd', transfer.merchant_id),
      ledger.internalAccount('cbdcSettlementJamDex', transfer.merchant_id),
    ]);
    // JAM-DEX is the digital Jamaican dollar: one J$ for one JAM-DEX, through the settlement pair.
    const sign = transfer.direction === 'CASH_IN' ? 1n : -1n;
    return {
      entry: {
        ...base,
        kind: transfer.direction === 'CASH_IN' ? 'CBDC_TO_WALLET' : 'WALLET_TO_CBDC',
        postings: [
          { accountId: walletId, currency: 'JMD', amount: sign * amount },
          { accountId: settlementJmd, currency: 'JMD', amount: -sign * amount },
          { accountId: transfer.counterpart_account_id, currency: 'JAM-DEX', amount: -sign * amount },
          { accountId: settlementJamDex, currency: 'JAM-DEX', amount: sign * amount },
        ],
      },
    };
  }
  if (transfer.direction === 'CASH_OUT') {
    // The money leaves the wallet now and waits at the bank settlement account while in transit.
    const bankSettlement = await ledger.internalAccount('bankSettlement', transfer.merchant_id);
    return {
      entry: {
        ...base,
        kind: 'WALLET_TO_BANK',
        postings: [
          { accountId: walletId, currency: 'JMD', amount: -amount },
          { accountId: bankSettlement, currency: 'JMD', amount },
        ],
      },
    };
  }
  return {};
}

/**
 * A transfer for callers with no HTTP answer to send (the demo seed, tests): the transfer made,
 * or its refusal thrown as the error the portal would have received.
 */
export async function makeTransfer(
  ledger: Ledger,
  caller: TransferCaller,
  walletAccountId: number,
  input: CreateTransfer,
): Promise<Transfer> {
  const outcome = await createTransfer(ledger, caller, walletAccountId, input);
  if (outcome.outcome === 'accepted') return (outcome.body as { data: Transfer }).data;
  if (outcome.outcome === 'refused') {
    const { code, message, details } = outcome.body as ApiError;
    throw new AppError(code, outcome.statusCode, message, details);
  }
  throw new Error(`A transfer without a key ended ${outcome.outcome}`);
}
