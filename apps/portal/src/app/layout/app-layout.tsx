import { AppShell, Container } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AccessDenied } from '@/components/access-denied';
import { BranchHeading } from '@/components/branch-heading';
import { CenteredLoader } from '@/components/centered-loader';
import { ErrorState } from '@/components/error-state';
import { useProfile } from '@/features/profile/api/get-profile';
import { useOrganization } from '@/lib/organization';
import { useCurrentSession } from '@/lib/session';
import { useNeededOnce } from '@/lib/use-needed-once';
import { useIsSmartphone } from '@/lib/use-smartphone';
import { lazyPage } from '../lazy-page';
import { APP_TEXTS, MENU_TEXTS } from '../texts';
import { AppHeader, SIDE_MENU_ID } from './app-header';
import { SideMenu } from './side-menu';
import classes from './app-layout.module.css';

export const MAIN_CONTENT_ID = 'main-content';

const ModalHost = lazyPage(() => import('../modal-host').then((module) => module.ModalHost));
const StepUpDialog = lazyPage(() =>
  import('@/features/auth/components/step-up-dialog').then((module) => module.StepUpDialog),
);

/**
 * The signed-in frame: top bar, side menu (a drawer on smartphones, collapsible on desktop) and the
 * page. The branch name heads every page except "/" (BranchHeading keeps that rule); a user
 * without any permission sees the Access Denied page instead of page content. The modal host sits
 * here, inside the router, the session and the organisation scope, so modals can use them.
 */
export function AppLayout() {
  const [mobileMenuOpened, mobileMenu] = useDisclosure(false);
  const [desktopMenuOpened, desktopMenu] = useDisclosure(true);
  const isSmartphone = useIsSmartphone();
  const session = useCurrentSession();
  const { orgId, profile } = useOrganization();
  const profileQuery = useProfile(orgId);
  const noPermissions = (session?.permissions ?? []).length === 0;
  // A phone's closed drawer is off screen: its menu (a fifth of the page's elements) is built when
  // it first opens, not rendered and styled for nothing on every page load. Once built it stays,
  // so the drawer slides out with its content.
  const menuBuilt = useNeededOnce(!isSmartphone || mobileMenuOpened);

  let content;
  if (noPermissions) {
    content = <AccessDenied page />;
  } else if (!profile) {
    content = <ErrorState message={APP_TEXTS.walletInfo} onRetry={() => void profileQuery.refetch()} />;
  } else {
    content = (
      <Suspense fallback={<CenteredLoader label={APP_TEXTS.loading} />}>
        <Outlet />
      </Suspense>
    );
  }

  return (
    <>
      <a href={`#${MAIN_CONTENT_ID}`} className={classes.skipLink}>
        {MENU_TEXTS.skipToContent}
      </a>
      <AppShell
        header={{ height: 64 }}
        navbar={{
          width: { base: 280, md: 272 },
          breakpoint: 'sm',
          collapsed: { mobile: !mobileMenuOpened, desktop: !desktopMenuOpened },
        }}
        padding={{ base: 'md', sm: 'xl' }}
        classNames={{
          root: classes.shell,
          header: classes.header,
          navbar: classes.navbar,
          main: classes.main,
        }}
      >
        <AppShell.Header>
          <AppHeader
            mobileMenuOpened={mobileMenuOpened}
            desktopMenuOpened={desktopMenuOpened}
            onToggleMobileMenu={mobileMenu.toggle}
            onToggleDesktopMenu={desktopMenu.toggle}
          />
        </AppShell.Header>
        <AppShell.Navbar id={SIDE_MENU_ID} aria-label={MENU_TEXTS.sideMenu}>
          {menuBuilt ? (
            <SideMenu
              opened={isSmartphone ? mobileMenuOpened : desktopMenuOpened}
              onNavigate={mobileMenu.close}
            />
          ) : null}
        </AppShell.Navbar>
        <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
          <Container size="xl" px={0}>
            {profile && !noPermissions ? <BranchHeading name={profile.name} /> : null}
            {content}
          </Container>
        </AppShell.Main>
      </AppShell>
      <Suspense fallback={null}>
        <ModalHost />
        <StepUpDialog />
      </Suspense>
    </>
  );
}
