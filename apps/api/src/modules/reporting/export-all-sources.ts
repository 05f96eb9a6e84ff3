import type { Account } from '@lynk/contract/accounts';
import { PRODUCT_MESSAGES } from '@lynk/contract/messages';
import { GATES, type Gate } from '@lynk/contract/permissions';
import type { BackgroundExportSource } from '@lynk/contract/reporting';
import type { SessionIdentity } from '@lynk/contract/session';
import type { Db } from '../../db/transaction.ts';
import { notFound } from '../../lib/app-error.ts';
import { exportJamDexPaymentsPage, exportTransfersPage } from '../account/index.ts';
import { exportPayoutsPage } from '../batches/index.ts';
import { exportOrdersPage, exportRefundsPage } from '../orders/index.ts';
import { cbdcPaymentRow, orderRow, payoutRow, refundRow, transferRow, type ReportRow } from './rows.ts';

/** An export's range as instants: Jamaica midnights, either end open. */
interface ExportBounds {
  from?: Date | undefined;
  to?: Date | undefined;
}

/** A page of rows and where the next one starts (null: this was the last). */
interface SourcePage {
  rows: ReportRow[];
  next: unknown;
}

/** One listing "Export all" can write: the gate of its tab, and its rows page by page. */
interface ExportSource {
  gate: Gate;
  page(
    db: Db,
    identity: SessionIdentity,
    accounts: Account[],
    bounds: ExportBounds,
    after: unknown,
    limit: number,
  ): Promise<SourcePage>;
}

/** A stored cursor's dates come back from JSON as text. */
const timeCursor = (after: unknown) => {
  if (!after) return null;
  const { at, id } = after as { at: string; id: string };
  return { at: new Date(at), id };
};

const mainWallet = (accounts: Account[]) => accounts.find((a) => a.type === 'LYNK')?.details.account_id ?? '';

/**
 * Each listing as its tab shows it to the caller (a cashier's own orders only, the merchant's
 * transfers including JAM-DEX's), newest first, through the module that owns it.
 */
export const EXPORT_SOURCES: Record<BackgroundExportSource, ExportSource> = {
  orders: {
    gate: GATES.ordersTab,
    page: async (db, identity, accounts, bounds, after, limit) => {
      const page = await exportOrdersPage(db, identity, bounds, timeCursor(after), limit);
      const wallet = mainWallet(accounts);
      return { rows: page.items.map((order) => orderRow(order, wallet)), next: page.next };
    },
  },
  refunds: {
    gate: GATES.refundsTab,
    page: async (db, identity, _accounts, bounds, after, limit) => {
      const page = await exportRefundsPage(db, identity.merchant_id, bounds, timeCursor(after), limit);
      return { rows: page.items.map(refundRow), next: page.next };
    },
  },
  transfers: {
    gate: GATES.transfersHistoryTab,
    page: async (db, identity, _accounts, bounds, after, limit) => {
      const page = await exportTransfersPage(
        db,
        identity.merchant_id,
        false,
        bounds,
        timeCursor(after),
        limit,
      );
      return { rows: page.items.map(transferRow), next: page.next };
    },
  },
  payments: {
    gate: GATES.paymentsTab,
    page: async (db, identity, accounts, bounds, after, limit) => {
      const cbdc = accounts.find((a) => a.type === 'CBDC')?.details.account_id;
      if (!cbdc) throw notFound(PRODUCT_MESSAGES.jamDexWalletNotFound);
      const page = await exportJamDexPaymentsPage(
        db,
        identity.merchant_id,
        cbdc,
        bounds,
        timeCursor(after),
        limit,
      );
      return { rows: page.items.map((payment) => cbdcPaymentRow(payment, cbdc)), next: page.next };
    },
  },
  payouts: {
    gate: GATES.paymentHistoryTab,
    page: async (db, identity, _accounts, bounds, after, limit) => {
      const cursor = (after as { batchId: number; row: number } | null) ?? null;
      const page = await exportPayoutsPage(db, identity.merchant_id, bounds, cursor, limit);
      return { rows: page.items.map(payoutRow), next: page.next };
    },
  },
};
