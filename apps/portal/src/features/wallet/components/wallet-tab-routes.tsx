import { Suspense } from 'react';
import { Navigate, Outlet, useParams } from 'react-router';
import { CenteredLoader } from '@/components/centered-loader';
import { PaneSection } from '@/components/pane-section';
import { usePermissions } from '@/lib/permissions';
import { AUTH_TEXTS, WALLET_TEXTS } from '@/lib/texts';
import { allowedWalletTabs, WALLET_TABS, type WalletKind } from '../tabs';

/** The wallet's index: the first tab the user may see (orders for the main wallet, payments for JAM-DEX). */
export function FirstWalletTab({ wallet }: { wallet: WalletKind }) {
  const { permissions, role } = usePermissions();
  const first = allowedWalletTabs(wallet, permissions, role)[0];
  return first ? <Navigate to={first.value} replace /> : null;
}

/**
 * One tab's pane: its titled frame around the tab's table (a child route). A tab the user may not
 * see redirects to the first one they may. The table's code loads inside the frame, so the
 * dashboard above it stays on screen meanwhile.
 */
export function WalletTabRoute({ wallet, tab }: { wallet: WalletKind; tab: string }) {
  const { permissions, role } = usePermissions();
  const allowed = allowedWalletTabs(wallet, permissions, role);
  const definition = WALLET_TABS[wallet].find((candidate) => candidate.value === tab);
  if (!definition || !allowed.includes(definition)) {
    const first = allowed[0];
    return first ? <Navigate to={`../${first.value}`} replace /> : null;
  }
  return (
    <PaneSection title={definition.label} testId={`wallet-pane-${tab}`}>
      <Suspense fallback={<CenteredLoader label={AUTH_TEXTS.loading} />}>
        <Outlet />
      </Suspense>
    </PaneSection>
  );
}

/** payment-history/review/:id: ids are digits; anything else goes back to the payment history. */
export function BatchReviewRoute() {
  const { id = '' } = useParams();
  if (!/^[0-9]+$/.test(id)) return <Navigate to="../.." relative="path" replace />;
  return <PaneSection title={WALLET_TEXTS.reviewBatch} testId={`batch-review-${id}`} />;
}
