import { Group, Stack, Title } from '@mantine/core';
import { Outlet, useLocation } from 'react-router';
import { AccessDenied } from '@/components/access-denied';
import { QrCodeMenu } from '@/components/qr-code-menu';
import { RouteTabs } from '@/components/route-tabs';
import { pathUpTo } from '@/lib/location-org';
import { WALLET_ROUTES } from '@lynk/contract/accounts';
import { usePermittedWalletTabs, walletTabFromPath, type WalletKind } from '../tabs';
import { WALLET_TEXTS } from '../tab-texts';
import { CreatePaymentButton } from './create-payment-button';
import { PaymentRequestButton } from './payment-request-button';
import { ReportButtons } from './report-buttons';
import { TransferButton } from './transfer-button';
import { WalletWidgets } from './wallet-widgets';

/**
 * A wallet's dashboard: the Payment Request and Create a Payment (main wallet) and Transfer actions,
 * the QR code, Export and Last Reports tools, the balance and limit widgets, the tab bar (tabs the
 * user may see, each a link) and the active pane.
 */
export function WalletDashboard({ wallet }: { wallet: WalletKind }) {
  const { pathname } = useLocation();
  const tabs = usePermittedWalletTabs(wallet);
  const current = walletTabFromPath(pathname, wallet);
  const active = tabs.some((tab) => tab.value === current) ? current : null;
  const base = pathUpTo(pathname, WALLET_ROUTES[wallet]) ?? '';

  return (
    <Stack gap="md" data-testid={`wallet-dashboard-${wallet}`}>
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Title order={2} size="h5" c="dimmed" tt="uppercase" lts={0.6}>
          {wallet === 'main' ? WALLET_TEXTS.mainWalletTitle : WALLET_TEXTS.jamdexWalletTitle}
        </Title>
        <Group gap="sm">
          {wallet === 'main' ? <PaymentRequestButton /> : null}
          {wallet === 'main' ? <CreatePaymentButton /> : null}
          <TransferButton wallet={wallet} />
        </Group>
      </Group>
      <Group gap="sm" wrap="wrap" data-testid="wallet-tools">
        <QrCodeMenu wallet={wallet} />
        <ReportButtons wallet={wallet} />
      </Group>
      <WalletWidgets wallet={wallet} />
      {tabs.length === 0 ? (
        <AccessDenied />
      ) : (
        <RouteTabs
          label={WALLET_TEXTS.tabsLabel}
          tabs={tabs.map((tab) => ({ value: tab.value, label: tab.label, to: `${base}/${tab.value}` }))}
          value={active}
        >
          <Outlet />
        </RouteTabs>
      )}
    </Stack>
  );
}
