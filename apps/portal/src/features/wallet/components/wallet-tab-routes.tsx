import { Suspense, useEffect } from 'react';
import { Navigate, Outlet, useNavigate, useParams } from 'react-router';
import { CenteredLoader } from '@/components/centered-loader';
import { NotAvailableYet } from '@/components/not-available-yet';
import { PaneSection } from '@/components/pane-section';
import { openTransactionStatus } from '@/components/transaction-status-modal';
import { MESSAGES } from '@lynk/contract/messages';
import {
  defaultWalletTab,
  usePermittedWalletTabs,
  WALLET_TABS,
  type WalletKind,
  type WalletTab,
} from '../tabs';
import { WALLET_TEXTS } from '../texts';

/** The wallet's index: orders (main wallet) or payments (JAM-DEX), else the first tab the user may see. */
export function FirstWalletTab({ wallet }: { wallet: WalletKind }) {
  const first = defaultWalletTab(wallet, usePermittedWalletTabs(wallet));
  return first ? <Navigate to={first.value} replace /> : null;
}

/**
 * One tab's pane: its titled frame around the tab's table (a child route). A tab the user may not
 * see redirects to the first one they may. The table's code loads inside the frame, so the
 * dashboard above it stays on screen meanwhile.
 */
export function WalletTabRoute({ wallet, tab }: { wallet: WalletKind; tab: string }) {
  const allowed = usePermittedWalletTabs(wallet);
  const definition = WALLET_TABS[wallet].find((candidate) => candidate.value === tab);
  if (!definition || !allowed.includes(definition)) {
    const first = defaultWalletTab(wallet, allowed);
    return first ? <Navigate to={`../${first.value}`} replace /> : null;
  }
  return (
    <PaneSection title={definition.label} testId={`wallet-pane-${tab}`}>
      <Suspense fallback={<CenteredLoader label={MESSAGES.common.loading} />}>
        <Outlet />
      </Suspense>
    </PaneSection>
  );
}

/** A tab whose table has not landed yet: it says so instead of pretending to be empty. */
export function NotAvailableTab({ tab }: { tab: WalletTab }) {
  return <NotAvailableYet what={WALLET_TEXTS.unavailable[tab.value] ?? tab.label} />;
}

/**
 * payment-history/review/:id (spec section 2, "Batch payment detail route"): ids are digits.
 * Anything else closes the review and shows the failure modal, back on the payment history.
 */
export function BatchReviewRoute() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const valid = /^[0-9]+$/.test(id);
  useEffect(() => {
    if (valid) return;
    void navigate('../..', { relative: 'path', replace: true });
    openTransactionStatus({
      variant: 'failure',
      title: WALLET_TEXTS.batchLoadFailedTitle,
      subtitle: WALLET_TEXTS.batchLoadFailed,
    });
  }, [valid, navigate]);
  if (!valid) return null;
  return (
    <PaneSection title={WALLET_TEXTS.reviewBatch} testId={`batch-review-${id}`}>
      <NotAvailableYet what={WALLET_TEXTS.batchReviews} />
    </PaneSection>
  );
}
