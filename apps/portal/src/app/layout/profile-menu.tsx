import { Avatar, Box, Group, Menu, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconChevronDown, IconHeadset, IconLogout, IconUser, IconUsers } from '@tabler/icons-react';
import { Link } from 'react-router';
import { openLogoutModal } from '@/features/auth/components/logout-modal';
import { initials } from '@/lib/format';
import { organizationPaths, useIsCorporateView, useOrganization } from '@/lib/organization';
import { useCan } from '@/lib/permissions';
import { useRequiredSession } from '@/lib/session';
import { MENU_TEXTS } from '../texts';
import classes from './app-layout.module.css';

/**
 * The header's profile dropdown (spec section 2): My Profile and Customer Support for everyone,
 * Staff with staff read, Logout (with its confirmation). The corporate view offers only Logout.
 */
export function ProfileMenu() {
  const session = useRequiredSession();
  const { segment } = useOrganization();
  const corporateView = useIsCorporateView();
  const canSeeStaff = useCan('staffMenu');
  const paths = organizationPaths(segment);

  return (
    <Menu position="bottom-end" width={240} shadow="lg" radius="md" offset={8}>
      <Menu.Target>
        <UnstyledButton className={classes.profileButton} data-testid="profile-menu-button">
          <Group gap="xs" wrap="nowrap">
            <Avatar color="lynk" variant="filled" radius="xl" size={34} aria-hidden>
              {initials(session.displayName)}
            </Avatar>
            <Box visibleFrom="sm" miw={0}>
              <Text size="sm" fw={600} lh={1.25} truncate="end" maw={180}>
                {session.displayName}
              </Text>
              <Text size="xs" c="dimmed" lh={1.25} truncate="end" maw={180}>
                {session.role}
              </Text>
            </Box>
            <VisuallyHidden>{MENU_TEXTS.profileMenu}</VisuallyHidden>
            <IconChevronDown size={16} aria-hidden className={classes.chevron} />
          </Group>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="xs" fw={600} c="dark" truncate="end">
            {session.displayName}
          </Text>
          <Text size="xs" c="dimmed" truncate="end">
            {session.email}
          </Text>
        </Menu.Label>
        <Menu.Divider />
        {corporateView ? null : (
          <>
            <Menu.Item component={Link} to="/profile" leftSection={<IconUser size={16} aria-hidden />}>
              {MENU_TEXTS.myProfile}
            </Menu.Item>
            {canSeeStaff ? (
              <Menu.Item component={Link} to={paths.staff} leftSection={<IconUsers size={16} aria-hidden />}>
                {MENU_TEXTS.staff}
              </Menu.Item>
            ) : null}
            <Menu.Item component={Link} to="/support" leftSection={<IconHeadset size={16} aria-hidden />}>
              {MENU_TEXTS.customerSupport}
            </Menu.Item>
            <Menu.Divider />
          </>
        )}
        <Menu.Item onClick={openLogoutModal} leftSection={<IconLogout size={16} aria-hidden />}>
          {MENU_TEXTS.logout}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
