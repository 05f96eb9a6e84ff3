import type { Account } from '@lynk/contract/accounts';
import type { TransferDirections } from '@lynk/contract/permissions';
import type { LimitTransferType } from '@lynk/contract/statuses';
import type { CreateTransfer } from '@lynk/contract/transfers';

/**
 * Which accounts the transfer modal offers (spec sections 5 and 6), from the contract's
 * `transferDirections` (the rule the Transfer button and the API apply too). Every transfer has
 * the main wallet on exactly one side; the contract's table in transfers.ts maps the pair onto the
 * API's CASH_IN/CASH_OUT and the other side's type.
 */

function isIncomingSource(account: Account, allow: TransferDirections): boolean {
  return (
    (account.type === 'CBDC' && allow.cbdcSource) || (account.type === 'BANK_ACCOUNT' && allow.bankSource)
  );
}

function isOutgoingTarget(account: Account, allow: TransferDirections): boolean {
  return (
    (account.type === 'CBDC' && allow.cbdcTarget) ||
    (account.type === 'BANK_ACCOUNT' && allow.bankTarget) ||
    (account.type === 'BENEFICIARY' && allow.beneficiaryTarget)
  );
}

export function mainWalletOf(accounts: readonly Account[]): Account | undefined {
  return accounts.find((account) => account.type === 'LYNK');
}

/**
 * Where money may come from: the main wallet (when it may send somewhere), JAM-DEX and bank
 * accounts (into the main wallet). A beneficiary only ever receives.
 */
export function sourceAccounts(accounts: readonly Account[], allow: TransferDirections): Account[] {
  if (!mainWalletOf(accounts)) return [];
  const canSendOut = accounts.some((account) => isOutgoingTarget(account, allow));
  return accounts.filter((account) =>
    account.type === 'LYNK' ? canSendOut : isIncomingSource(account, allow),
  );
}

/**
 * Where money from `from` may go, never `from` itself. Only the main wallet as source offers
 * JAM-DEX, bank accounts or beneficiaries; any other source pays into the main wallet. With no
 * source chosen yet, every account something could reach.
 */
export function targetAccounts(
  accounts: readonly Account[],
  allow: TransferDirections,
  from: Account | null,
): Account[] {
  if (!mainWalletOf(accounts)) return [];
  if (from && from.type !== 'LYNK') return accounts.filter((account) => account.type === 'LYNK');
  const outgoing = accounts.filter((account) => account.id !== from?.id && isOutgoingTarget(account, allow));
  if (from) return outgoing;
  const mainCanReceive = accounts.some((account) => isIncomingSource(account, allow));
  return accounts.filter((account) =>
    account.type === 'LYNK' ? mainCanReceive : outgoing.includes(account),
  );
}

/** The target to choose for the user: into the main wallet is the only way from any other source. */
export function implicitTarget(targets: readonly Account[], from: Account | null): Account | null {
  return from && from.type !== 'LYNK' && targets.length === 1 ? (targets[0] ?? null) : null;
}

export interface ResolvedTransfer {
  body: Omit<CreateTransfer, 'amount'>;
  /** The daily limit the amount counts against; none when JAM-DEX is either side. */
  dailyLimit: LimitTransferType | null;
}

/** The API call for a pair of accounts, or null when the main wallet is not on exactly one side. */
export function resolveTransfer(from: Account, to: Account): ResolvedTransfer | null {
  if (from.type === 'LYNK' && to.type !== 'LYNK') {
    return {
      body: { transfer_type: 'CASH_OUT', account_type: to.type, account_id: to.id },
      dailyLimit: to.type === 'CBDC' ? null : 'ACH_CASHOUT',
    };
  }
  if (to.type === 'LYNK' && (from.type === 'CBDC' || from.type === 'BANK_ACCOUNT')) {
    return {
      body: { transfer_type: 'CASH_IN', account_type: from.type, account_id: from.id },
      dailyLimit: from.type === 'CBDC' ? null : 'TOP',
    };
  }
  return null;
}
