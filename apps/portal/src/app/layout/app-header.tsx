import { ActionIcon, Anchor, Burger, Group } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand } from '@tabler/icons-react';
import { Link } from 'react-router';
import { LynkLogo } from '@/components/lynk-logo';
import { NotificationBell } from '@/features/notifications/components/notification-bell';
import { useIsCorporateView, useOrganization } from '@/lib/organization';
import { useIsSmartphone } from '@/lib/use-smartphone';
import { MENU_TEXTS } from '../texts';
import { ProfileMenu } from './profile-menu';
import { WalletToggle } from './wallet-toggle';

export const SIDE_MENU_ID = 'side-menu';

/** Top bar: menu toggle, logo, wallet switch (with JAM-DEX, not in the corporate view), bell and profile menu. */
export function AppHeader({
  mobileMenuOpened,
  desktopMenuOpened,
  onToggleMobileMenu,
  onToggleDesktopMenu,
}: {
  mobileMenuOpened: boolean;
  desktopMenuOpened: boolean;
  onToggleMobileMenu: () => void;
  onToggleDesktopMenu: () => void;
}) {
  const { hasCbdc } = useOrganization();
  const corporateView = useIsCorporateView();
  const isSmartphone = useIsSmartphone();

  return (
    <Group h="100%" px={{ base: 'sm', sm: 'md' }} justify="space-between" wrap="nowrap" gap="sm">
      <Group gap="sm" wrap="nowrap">
        <Burger
          opened={mobileMenuOpened}
          onClick={onToggleMobileMenu}
          hiddenFrom="sm"
          size="sm"
          aria-label={MENU_TEXTS.toggleNavigation}
          aria-expanded={mobileMenuOpened}
          aria-controls={SIDE_MENU_ID}
        />
        <ActionIcon
          onClick={onToggleDesktopMenu}
          visibleFrom="sm"
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={MENU_TEXTS.toggleNavigation}
          aria-expanded={desktopMenuOpened}
          aria-controls={SIDE_MENU_ID}
        >
          {desktopMenuOpened ? (
            <IconLayoutSidebarLeftCollapse size={22} stroke={1.6} aria-hidden />
          ) : (
            <IconLayoutSidebarLeftExpand size={22} stroke={1.6} aria-hidden />
          )}
        </ActionIcon>
        <Anchor component={Link} to="/" aria-label={MENU_TEXTS.home} display="flex" underline="never">
          <LynkLogo height={30} />
        </Anchor>
      </Group>
      <Group gap="xs" wrap="nowrap">
        {/* Not rendered on a smartphone rather than hidden: the switch measures its layout as it mounts. */}
        {hasCbdc && !corporateView && !isSmartphone ? <WalletToggle mr="xs" /> : null}
        <NotificationBell />
        <ProfileMenu />
      </Group>
    </Group>
  );
}
