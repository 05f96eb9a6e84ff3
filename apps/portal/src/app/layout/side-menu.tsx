import { Box, NavLink, ScrollArea, Stack, Text } from '@mantine/core';
import {
  IconArrowsExchange,
  IconBell,
  IconBuildingBank,
  IconChartBar,
  IconCoin,
  IconHeadset,
  IconHistory,
  IconLayoutDashboard,
  IconLogout,
  IconReceipt,
  IconReceiptRefund,
  IconUser,
  IconUsers,
  IconWallet,
  type Icon,
} from '@tabler/icons-react';
import { useId, type ReactNode } from 'react';
import { Link, useLocation } from 'react-router';
import { openLogoutModal } from '@/features/auth/components/logout-modal';
import { usePermittedWalletTabs, type WalletTab } from '@/features/wallet/tabs';
import { organizationPaths, useIsCorporateView, useOrganization } from '@/lib/organization';
import { useCan } from '@/lib/permissions';
import { MENU_TEXTS } from '../texts';
import { WalletToggle } from './wallet-toggle';

interface MenuLink {
  label: string;
  to: string;
  icon: Icon;
  /** Active only on this exact path (otherwise also on the pages below it). */
  exact?: boolean;
}

const TAB_ICONS: Record<string, Icon> = {
  orders: IconReceipt,
  payments: IconCoin,
  'transfers-history': IconArrowsExchange,
  refunds: IconReceiptRefund,
  'payment-history': IconHistory,
};

function isActive(pathname: string, link: MenuLink): boolean {
  if (link.exact) return pathname === link.to;
  return pathname === link.to || pathname.startsWith(`${link.to}/`);
}

function MenuSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <Box role="group" aria-labelledby={titleId} mb="lg">
      <Text id={titleId} size="xs" fw={700} tt="uppercase" c="dimmed" lts={0.6} px="sm" mb={6}>
        {title}
      </Text>
      <Stack gap={2}>{children}</Stack>
    </Box>
  );
}

function MenuLinks({ links, onNavigate }: { links: readonly MenuLink[]; onNavigate: () => void }) {
  const { pathname } = useLocation();
  return links.map((link) => {
    const active = isActive(pathname, link);
    const LinkIcon = link.icon;
    return (
      <NavLink
        key={link.to}
        component={Link}
        to={link.to}
        label={link.label}
        leftSection={<LinkIcon size={18} stroke={1.7} aria-hidden />}
        active={active}
        aria-current={pathname === link.to ? 'page' : undefined}
        onClick={onNavigate}
        variant="light"
        fw={500}
      />
    );
  });
}

function LogoutLink({ onNavigate }: { onNavigate: () => void }) {
  return (
    <NavLink
      component="button"
      type="button"
      label={MENU_TEXTS.logout}
      leftSection={<IconLogout size={18} stroke={1.7} aria-hidden />}
      onClick={() => {
        onNavigate();
        openLogoutModal();
      }}
      fw={500}
    />
  );
}

/**
 * The side menu (spec section 2): My wallets, the main wallet's Quick Access, JAM-DEX Quick
 * Access (with a CBDC account) and My Account, with the wallet switch (with a CBDC account). The
 * corporate view keeps only its own pages and Logout.
 */
/** `opened`: the menu is on screen (a closed smartphone drawer is still in the page, off screen). */
export function SideMenu({ opened, onNavigate }: { opened: boolean; onNavigate: () => void }) {
  const { segment, hasCbdc } = useOrganization();
  const corporateView = useIsCorporateView();
  const canSeeStaff = useCan('staffMenu');
  const canSeeAuditLog = useCan('auditLog');
  const canCashUp = useCan('cashUp');
  const canSeeAnalytics = useCan('analytics');
  const mainTabs = usePermittedWalletTabs('main');
  const cbdcTabs = usePermittedWalletTabs('cbdc');
  const paths = organizationPaths(segment);

  const quickAccess = (tabs: readonly WalletTab[], base: string): MenuLink[] =>
    tabs.map((tab) => ({
      label: tab.label,
      to: `${base}/${tab.value}`,
      icon: TAB_ICONS[tab.value] ?? IconReceipt,
    }));

  if (corporateView) {
    const corporateLinks: MenuLink[] = [
      { label: MENU_TEXTS.branchAccounts, to: '/', icon: IconLayoutDashboard, exact: true },
    ];
    if (canSeeStaff) corporateLinks.push({ label: MENU_TEXTS.staff, to: '/staff', icon: IconUsers });
    if (canSeeAuditLog)
      corporateLinks.push({ label: MENU_TEXTS.auditLog, to: '/audit-log', icon: IconHistory });
    if (canSeeAnalytics)
      corporateLinks.push({ label: MENU_TEXTS.analytics, to: '/analytics', icon: IconChartBar });
    return (
      <ScrollArea type="auto" h="100%" px="sm" py="md">
        <MenuSection title={MENU_TEXTS.corporate}>
          <MenuLinks links={corporateLinks} onNavigate={onNavigate} />
        </MenuSection>
        <MenuSection title={MENU_TEXTS.myAccount}>
          <LogoutLink onNavigate={onNavigate} />
        </MenuSection>
      </ScrollArea>
    );
  }

  const wallets: MenuLink[] = [{ label: MENU_TEXTS.mainWallet, to: paths.mainWallet, icon: IconWallet }];
  if (hasCbdc) wallets.push({ label: MENU_TEXTS.jamdex, to: paths.cbdcWallet, icon: IconBuildingBank });
  const mainQuickAccess = quickAccess(mainTabs, paths.mainWallet);
  const cbdcQuickAccess = hasCbdc ? quickAccess(cbdcTabs, paths.cbdcWallet) : [];
  const account: MenuLink[] = [{ label: MENU_TEXTS.myProfile, to: '/profile', icon: IconUser }];
  if (canSeeStaff) account.push({ label: MENU_TEXTS.staff, to: paths.staff, icon: IconUsers });
  if (canSeeAuditLog) account.push({ label: MENU_TEXTS.auditLog, to: paths.auditLog, icon: IconHistory });
  if (canSeeAnalytics) account.push({ label: MENU_TEXTS.analytics, to: paths.analytics, icon: IconChartBar });
  if (canCashUp) account.push({ label: MENU_TEXTS.cashUp, to: paths.cashUp, icon: IconReceipt });
  account.push(
    { label: MENU_TEXTS.notifications, to: paths.notifications, icon: IconBell },
    { label: MENU_TEXTS.customerSupport, to: '/support', icon: IconHeadset },
  );

  return (
    <ScrollArea type="auto" h="100%" px="sm" py="md">
      <MenuSection title={MENU_TEXTS.myWallets}>
        {/* The wallet switch is in the side menu as well as the top bar: on a smartphone it is only here.
            It mounts only with the menu on screen: it measures its layout (a forced reflow of the
            whole page) as it mounts and whenever the page around it resizes while loading. */}
        {hasCbdc && opened ? <WalletToggle fullWidth mb="xs" onSwitch={onNavigate} /> : null}
        <MenuLinks links={wallets} onNavigate={onNavigate} />
      </MenuSection>
      {mainQuickAccess.length > 0 ? (
        <MenuSection title={MENU_TEXTS.quickAccess}>
          <MenuLinks links={mainQuickAccess} onNavigate={onNavigate} />
        </MenuSection>
      ) : null}
      {cbdcQuickAccess.length > 0 ? (
        <MenuSection title={MENU_TEXTS.jamdexQuickAccess}>
          <MenuLinks links={cbdcQuickAccess} onNavigate={onNavigate} />
        </MenuSection>
      ) : null}
      <MenuSection title={MENU_TEXTS.myAccount}>
        <MenuLinks links={account} onNavigate={onNavigate} />
        <LogoutLink onNavigate={onNavigate} />
      </MenuSection>
    </ScrollArea>
  );
}
