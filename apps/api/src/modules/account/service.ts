import type { Account, Branch, Limit } from '@lynk/contract/accounts';
import { EXPORT_MAX_ENTRIES } from '@lynk/contract/constants';
import type { ListingQuery } from '@lynk/contract/listings';
import { MESSAGES, PRODUCT_MESSAGES } from '@lynk/contract/messages';
import { centsToDecimalString } from '@lynk/contract/money';
import { LIMIT_TRANSFER_TYPES } from '@lynk/contract/statuses';
import type { CbdcPayment } from '@lynk/contract/transfers';
import type { Db } from '../../db/transaction.ts';
import { AppError, notFound } from '../../lib/app-error.ts';
import { toCsv } from '../../lib/csv.ts';
import { type AuditedCaller, recordDownload } from '../audit/index.ts';
import { jamaicaDate, readLimit } from '../ledger/index.ts';
import {
  findMerchantAccount,
  findMerchantAccountByRef,
  listCbdcPayments,
  listChildBranches,
  listMerchantAccounts,
  listTransfers,
  cbdcPaymentRowsBefore,
  transferRowsBefore,
  transfersForExport,
} from './repository.ts';
import { toTransferDto } from './transfer-service.ts';

const LINKED_TYPES = new Set<string>(['LYNK', 'CBDC', 'BANK_ACCOUNT', 'BENEFICIARY']);
const isWallet = (type: string) => type === 'LYNK' || type === 'CBDC';

/** The last four digits of an account number behind stars: the portal only shows which one it is. */
function maskAccountNumber(accountNumber: string): string {
  return `****${accountNumber.replace(/\D/g, '').slice(-4)}`;
}

/** The merchant's wallets, bank accounts and beneficiaries; account numbers masked. */
export async function listAccounts(db: Db, merchantId: number): Promise<Account[]> {
  const rows = await listMerchantAccounts(db, merchantId);
  return rows
    .filter((row) => LINKED_TYPES.has(row.type))
    .map((row) => ({
      id: row.id,
      type: row.type as Account['type'],
      label: row.label,
      details: {
        account_id: row.account_ref,
        currency: row.currency,
        ...(row.external_reference ? { external_reference: row.external_reference } : {}),
        ...(row.details.masked_bank_account ? { masked_bank_account: row.details.masked_bank_account } : {}),
        ...(row.details.bank_name ? { bank_name: row.details.bank_name } : {}),
        ...(row.details.account_number
          ? { account_number: maskAccountNumber(row.details.account_number) }
          : {}),
      },
    }));
}

/** Branches of an organization with their wallets; balance and limits only for `withBalances`. */
export async function listBranches(
  db: Db,
  parentOrganizationId: string,
  withBalances: boolean,
  now: Date,
): Promise<Branch[]> {
  const branches = await listChildBranches(db, parentOrganizationId);
  return Promise.all(
    branches.map(async (branch) => {
      const accounts = branch.accounts
        .filter((a) => isWallet(a.type))
        .map(({ id, type }) => ({ id, type: type as 'LYNK' | 'CBDC' }));
      const { merchant_id, organization_id, name } = branch;
      const base = {
        merchant_id,
        organization_id,
        name,
        created_at: branch.created_at.toISOString(),
        accounts,
      };
      if (!withBalances) return { ...base, balance: null, limits: null };
      const main = branch.accounts.find((a) => a.type === 'LYNK');
      const limits = Object.fromEntries(
        await Promise.all(
          LIMIT_TRANSFER_TYPES.map(
            async (type) => [type, await readLimit(db, main?.id ?? 0, type, now)] as const,
          ),
        ),
      ) as Record<(typeof LIMIT_TRANSFER_TYPES)[number], Limit>;
      return { ...base, balance: Number(main?.balance ?? 0), limits };
    }),
  );
}

async function findWallet(db: Db, merchantId: number, accountId: number, types: (t: string) => boolean) {
  const account = await findMerchantAccount(db, merchantId, accountId);
  if (!account || !types(account.type)) throw notFound(PRODUCT_MESSAGES.walletNotFound);
  return account;
}

export async function readBalance(db: Db, merchantId: number, accountId: number) {
  const account = await findWallet(db, merchantId, accountId, isWallet);
  return { balance: Number(account.balance), currency: account.currency };
}

export async function readWalletLimit(
  db: Db,
  merchantId: number,
  accountId: number,
  type: Limit['transfer_type'],
  now: Date,
): Promise<Limit> {
  const account = await findWallet(db, merchantId, accountId, (t) => t === 'LYNK');
  return readLimit(db, account.id, type, now);
}

export async function listTransferHistory(
  db: Db,
  merchantId: number,
  query: ListingQuery,
  jamDexOnly: boolean,
) {
  const { rows, total } = await listTransfers(db, merchantId, query, jamDexOnly);
  return {
    result: rows.map(toTransferDto),
    meta_data: { count: rows.length, limit: query.limit, offset: query.offset, total },
  };
}

/** JAM-DEX payments received by the merchant's CBDC wallet, named by its `account_id` reference. */
export async function listJamDexPayments(
  db: Db,
  merchantId: number,
  accountRef: string,
  query: ListingQuery,
) {
  const account = await findMerchantAccountByRef(db, merchantId, accountRef);
  if (!account || account.type !== 'CBDC') throw notFound(PRODUCT_MESSAGES.jamDexWalletNotFound);
  const { rows, total } = await listCbdcPayments(db, account.id, query);
  const result: CbdcPayment[] = rows.map((row) => ({
    id: row.id,
    from_id: row.from_id,
    date: row.created_at.toISOString(),
    amount: Number(row.amount),
    status: row.status,
  }));
  return { result, meta_data: { count: rows.length, limit: query.limit, offset: query.offset, total } };
}

/** A page of an "Export all" of the merchant's transfers, newest first after `before`. */
export async function exportTransfersPage(
  db: Db,
  merchantId: number,
  jamDexOnly: boolean,
  bounds: { from?: Date | undefined; to?: Date | undefined },
  before: { at: Date; id: string } | null,
  limit: number,
) {
  const rows = await transferRowsBefore(db, merchantId, jamDexOnly, bounds, before, limit);
  const last = rows.at(-1);
  return { items: rows.map(toTransferDto), next: last ? { at: last.created_at, id: String(last.id) } : null };
}

/** A page of an "Export all" of the JAM-DEX payments received, newest first after `before`. */
export async function exportJamDexPaymentsPage(
  db: Db,
  merchantId: number,
  accountRef: string,
  bounds: { from?: Date | undefined; to?: Date | undefined },
  before: { at: Date; id: string } | null,
  limit: number,
) {
  const account = await findMerchantAccountByRef(db, merchantId, accountRef);
  if (!account || account.type !== 'CBDC') throw notFound(PRODUCT_MESSAGES.jamDexWalletNotFound);
  const rows = await cbdcPaymentRowsBefore(db, account.id, bounds, before, limit);
  const items: CbdcPayment[] = rows.map((row) => ({
    id: row.id,
    from_id: row.from_id,
    date: row.created_at.toISOString(),
    amount: Number(row.amount),
    status: row.status,
  }));
  const last = rows.at(-1);
  return { items, next: last ? { at: last.created_at, id: String(last.id) } : null };
}

/** The earliest date an export may start from: nothing in the product is older. */
export const EXPORT_EARLIEST_DATE = '2000-01-01';

const EXPORT_HEADER = [
  'Transfer ID',
  'Date',
  'From',
  'To',
  'Type',
  'Status',
  'Total (JMD)',
  'Commission',
  'GCT',
];

/**
 * A wallet's transfers between two Jamaica calendar dates as CSV. Future dates are refused (spec
 * section 5), as are dates before 2000; more than the export maximum is refused with the spec's text.
 */
export async function exportWalletCsv(
  db: Db,
  caller: AuditedCaller,
  accountId: number,
  range: { from: string; to: string },
  now: Date,
): Promise<string> {
  if (range.to > jamaicaDate(now)) throw new AppError('DATE_RANGE_INVALID', 400, MESSAGES.dateRange.future);
  if (range.from < EXPORT_EARLIEST_DATE)
    throw new AppError('DATE_RANGE_INVALID', 400, PRODUCT_MESSAGES.exportBefore2000);
  const merchantId = caller.identity.merchant_id;
  const account = await findWallet(db, merchantId, accountId, isWallet);
  // One more than allowed tells "too many" apart from "exactly the limit".
  const rows = await transfersForExport(db, merchantId, account.id, range, EXPORT_MAX_ENTRIES + 1);
  if (rows.length > EXPORT_MAX_ENTRIES) throw new AppError('EXPORT_LIMIT', 422, MESSAGES.export.entryLimit);
  await recordDownload(db, caller, 'account.exported', `account:${account.id}`, {
    from: range.from,
    to: range.to,
    entries: rows.length,
  });
  return toCsv(
    EXPORT_HEADER,
    rows.map((row) => [
      row.id,
      row.created_at.toISOString(),
      row.from_label,
      row.to_label,
      row.type,
      row.status,
      centsToDecimalString(BigInt(row.amount)),
      centsToDecimalString(BigInt(row.commission)),
      centsToDecimalString(BigInt(row.gct)),
    ]),
  );
}
