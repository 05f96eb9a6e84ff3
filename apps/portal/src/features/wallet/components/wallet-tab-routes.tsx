import { Suspense } from 'react';
import { Navigate, Outlet } from 'react-router';
import { CenteredLoader } from '@/components/centered-loader';
import { PaneSection } from '@/components/pane-section';
import { defaultWalletTab, usePermittedWalletTabs, WALLET_TABS, type WalletKind } from '../tabs';
import { TAB_PANE_TEXTS } from '../texts';

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
      <Suspense fallback={<CenteredLoader label={TAB_PANE_TEXTS.loading} />}>
        <Outlet />
      </Suspense>
    </PaneSection>
  );
}
