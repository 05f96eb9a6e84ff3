import { Button } from '@mantine/core';
import { IconDatabaseExport, IconFileExport, IconHistory } from '@tabler/icons-react';
import { openModal } from '@/lib/modal-registry';
import { useCan } from '@/lib/permissions';
import { REPORT_BUTTON_TEXTS } from '../texts';
import type { WalletKind } from '../tabs';

/**
 * "Export all" (not in the spec) is for whoever reads one of the tables it writes on this wallet:
 * the main wallet's orders, transfers, refunds and batch payouts; JAM-DEX's payments.
 */
function useCanExportAll(wallet: WalletKind): boolean {
  const orders = useCan('ordersTab');
  const transfers = useCan('transfersHistoryTab');
  const refunds = useCan('refundsTab');
  const payouts = useCan('paymentHistoryTab');
  const payments = useCan('paymentsTab');
  return wallet === 'cbdc' ? payments : orders || transfers || refunds || payouts;
}

/**
 * "Export" (spec section 6: reports-detailed read) and "Last Reports" (anyone): each opens its
 * modal by key, so the wallet never imports the reports feature that owns them.
 */
export function ReportButtons({ wallet }: { wallet: WalletKind }) {
  const canExport = useCan('exportReport');
  const canSeeLast = useCan('lastExports');
  const canExportAll = useCanExportAll(wallet);
  return (
    <>
      {canExport ? (
        <Button
          variant="default"
          leftSection={<IconFileExport size={18} aria-hidden />}
          aria-haspopup="dialog"
          onClick={() => openModal('exporting-table', { wallet }, { title: REPORT_BUTTON_TEXTS.exportTitle })}
        >
          {REPORT_BUTTON_TEXTS.exportButton}
        </Button>
      ) : null}
      {canExportAll ? (
        <Button
          variant="default"
          leftSection={<IconDatabaseExport size={18} aria-hidden />}
          aria-haspopup="dialog"
          onClick={() => openModal('export-all', { wallet }, { title: REPORT_BUTTON_TEXTS.exportAllTitle })}
        >
          {REPORT_BUTTON_TEXTS.exportAllButton}
        </Button>
      ) : null}
      {canSeeLast ? (
        <Button
          variant="default"
          leftSection={<IconHistory size={18} aria-hidden />}
          aria-haspopup="dialog"
          onClick={() => openModal('view-last-exports', {}, { title: REPORT_BUTTON_TEXTS.lastReportsTitle })}
        >
          {REPORT_BUTTON_TEXTS.lastReportsButton}
        </Button>
      ) : null}
    </>
  );
}
