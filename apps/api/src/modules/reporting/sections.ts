import type { Account } from '@lynk/contract/accounts';
import { WALLET_KEYS } from '@lynk/contract/accounts';
import { EXPORT_MAX_ENTRIES, EXPORT_TABLES, type ExportTable } from '@lynk/contract/constants';
import type { ListingQuery } from '@lynk/contract/listings';
import { PRODUCT_MESSAGES } from '@lynk/contract/messages';
import { GATES, passesGate, type Gate } from '@lynk/contract/permissions';
import type { ExportWallet } from '@lynk/contract/reporting';
import type { SessionIdentity } from '@lynk/contract/session';
import type { Db } from '../../db/transaction.ts';
import { forbidden, notFound } from '../../lib/app-error.ts';
import { listJamDexPayments, listTransferHistory } from '../account/index.ts';
import { listOrders, listRefunds } from '../orders/index.ts';
import { cbdcPaymentRow, orderRow, refundRow, transferRow, type ReportRow } from './rows.ts';

/** One table of a report: its rows (at most the export maximum) and how many the range holds. */
export interface Section {
  table: string;
  rows: ReportRow[];
  total: number;
}

interface SectionSource {
  table: string;
  /** The wallet tab the table is, whose permission it needs (spec section 6). */
  gate: Gate;
  read(db: Db, identity: SessionIdentity, query: ListingQuery): Promise<Section>;
}

const section = (table: string, rows: ReportRow[], total: number): Section => ({ table, rows, total });

/**
 * Where each table of each wallet comes from: the same services as the dashboard's tabs, so a
 * report holds exactly what the tables show for the range (a cashier's own orders only, the main
 * wallet's transfers including those to and from JAM-DEX, JAM-DEX's transfers and payments).
 */
function sources(wallet: ExportWallet, accounts: Account[]): Record<string, SectionSource> {
  const main = accounts.find((a) => a.type === 'LYNK')?.details.account_id ?? '';
  const cbdc = accounts.find((a) => a.type === 'CBDC')?.details.account_id ?? '';
  const transfers = (jamDexOnly: boolean): SectionSource => ({
    table: 'Transfers',
    gate: GATES.transfersHistoryTab,
    read: async (db, identity, query) => {
      const page = await listTransferHistory(db, identity.merchant_id, query, jamDexOnly);
      return section('Transfers', page.result.map(transferRow), page.meta_data.total);
    },
  });
  if (wallet === WALLET_KEYS.cbdc) {
    return {
      Transfers: transfers(true),
      Payments: {
        table: 'Payments',
        gate: GATES.paymentsTab,
        read: async (db, identity, query) => {
          const page = await listJamDexPayments(db, identity.merchant_id, cbdc, query);
          const rows = page.result.map((payment) => cbdcPaymentRow(payment, cbdc));
          return section('Payments', rows, page.meta_data.total);
        },
      },
    };
  }
  return {
    Orders: {
      table: 'Orders',
      gate: GATES.ordersTab,
      read: async (db, identity, query) => {
        const page = await listOrders(db, identity, query);
        return section(
          'Orders',
          page.result.map((order) => orderRow(order, main)),
          page.meta_data.total,
        );
      },
    },
    Transfers: transfers(false),
    Refunds: {
      table: 'Refunds',
      gate: GATES.refundsTab,
      read: async (db, identity, query) => {
        const page = await listRefunds(db, identity.merchant_id, query);
        return section('Refunds', page.result.map(refundRow), page.meta_data.total);
      },
    },
  };
}

/**
 * The tables of a report, in a fixed order, each read for the range. The main wallet's are the
 * ones asked for, each needing its tab's permission (403 names the first refused); the JAM-DEX
 * wallet's are those of its tabs the caller may see (403 when none).
 */
export async function readSections(
  db: Db,
  identity: SessionIdentity,
  accounts: Account[],
  request: { wallet: ExportWallet; types: readonly ExportTable[] | undefined; start: string; end: string },
): Promise<Section[]> {
  if (request.wallet === WALLET_KEYS.cbdc && !accounts.some((a) => a.type === 'CBDC')) {
    throw notFound(PRODUCT_MESSAGES.jamDexWalletNotFound);
  }
  const all = sources(request.wallet, accounts);
  const allowed = (source: SectionSource) => passesGate(identity.permissions, identity.role, source.gate);
  let chosen: SectionSource[];
  if (request.wallet === WALLET_KEYS.main) {
    chosen = EXPORT_TABLES.filter((table) => request.types?.includes(table)).map((table) => all[table]!);
    const refused = chosen.find((source) => !allowed(source));
    if (refused) throw forbidden(PRODUCT_MESSAGES.exportTableNotAllowed(refused.table));
  } else {
    chosen = Object.values(all).filter(allowed);
    if (chosen.length === 0) throw forbidden();
  }
  // A page of the maximum is enough: beyond it the export is refused whatever the rest holds.
  const query: ListingQuery = {
    offset: 0,
    limit: EXPORT_MAX_ENTRIES,
    sort: 'DESC',
    from_utc: request.start,
    to_utc: request.end,
  };
  const sections: Section[] = [];
  for (const source of chosen) sections.push(await source.read(db, identity, query));
  return sections;
}
