import { Stack, Title } from '@mantine/core';
import { Outlet, useLocation } from 'react-router';
import { AccessDenied } from '@/components/access-denied';
import { RouteTabs } from '@/components/route-tabs';
import { usePermissions } from '@/lib/permissions';
import { WALLET_TEXTS } from '@/lib/texts';
import { allowedWalletTabs, walletTabFromPath, type WalletKind } from '../tabs';

/**
 * A wallet's dashboard: the tab bar (tabs the user may see, each a link) and the active pane.
 * Balance widgets join above the tabs in a later issue.
 */
export function WalletDashboard({ wallet }: { wallet: WalletKind }) {
  const { pathname } = useLocation();
  const { permissions, role } = usePermissions();
  const tabs = allowedWalletTabs(wallet, permissions, role);
  const current = walletTabFromPath(pathname, wallet);
  const active = tabs.some((tab) => tab.value === current) ? current : null;

  return (
    <Stack gap="md" data-testid={`wallet-dashboard-${wallet}`}>
      <Title order={2} size="h3">
        {wallet === 'main' ? WALLET_TEXTS.mainWalletTitle : WALLET_TEXTS.jamdexWalletTitle}
      </Title>
      {tabs.length === 0 ? (
        <AccessDenied />
      ) : (
        <RouteTabs
          label={WALLET_TEXTS.tabsLabel}
          tabs={tabs.map((tab) => ({ value: tab.value, label: tab.label, to: tab.value }))}
          value={active}
        >
          <Outlet />
        </RouteTabs>
      )}
    </Stack>
  );
}
