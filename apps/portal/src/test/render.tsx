import type { SessionIdentity } from '@lynk/contract/session';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { vi } from 'vitest';
import { ModalHost } from '@/app/modal-host';
import { ToastHost } from '@/app/toast-host';
import { AppProvider } from '@/app/provider';
import { createQueryClient } from '@/app/query-client';
import { appRoutes } from '@/app/router';
import { cssVariablesResolver, theme } from '@/app/theme';
import { HardNavigateProvider } from '@/lib/hard-navigate';
import { OrganizationProvider, type Organization } from '@/lib/organization';
import { SessionProvider } from '@/lib/session';
import { installFakeFetch, type FakeRoutes } from '@/test/fake-fetch';
import { makeProfile } from '@/test/fixtures';

export function createTestQueryClient(): QueryClient {
  const client = createQueryClient();
  client.setDefaultOptions({ queries: { retry: false, staleTime: 60_000 }, mutations: { retry: false } });
  return client;
}

/** The whole portal at `path`, against a fake server; full-page navigations are recorded, not made. */
export function renderApp(path: string, fakeRoutes: FakeRoutes = {}) {
  const server = installFakeFetch(fakeRoutes);
  const hardNavigate = vi.fn<(url: string) => void>();
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(appRoutes(queryClient), { initialEntries: [path] });
  const view = render(
    <AppProvider env="test" queryClient={queryClient} hardNavigate={hardNavigate}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, router, hardNavigate, ...server };
}

export function makeOrganization(overrides: Partial<Organization> = {}): Organization {
  return {
    orgId: 'org_1001',
    segment: '1001',
    profile: makeProfile(),
    accounts: [],
    hasCbdc: false,
    corporate: false,
    ...overrides,
  };
}

interface ProviderOptions {
  session?: SessionIdentity | null;
  organization?: Organization | null;
  path?: string;
  /** Mounts the modal host (inside the router, as in the app) and the toast host. */
  overlays?: boolean;
}

/**
 * Routes inside the providers they read (theme, query cache, session, organisation) and a memory
 * router at `path`; full-page navigations are recorded, not made.
 */
export function renderRoutes(
  routeObjects: RouteObject[],
  { session = null, organization = makeOrganization(), path = '/', overlays = false }: ProviderOptions = {},
) {
  const hardNavigate = vi.fn<(url: string) => void>();
  const client = createTestQueryClient();
  const withHost: RouteObject[] = overlays
    ? [
        {
          element: (
            <>
              <Outlet />
              <ModalHost />
            </>
          ),
          children: routeObjects,
        },
      ]
    : routeObjects;
  const router = createMemoryRouter(withHost, { initialEntries: [path] });
  const routerProvider = <RouterProvider router={router} />;
  const view = render(
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} env="test">
      <QueryClientProvider client={client}>
        <HardNavigateProvider navigate={hardNavigate}>
          <SessionProvider session={session}>
            {organization ? (
              <OrganizationProvider value={organization}>{routerProvider}</OrganizationProvider>
            ) : (
              routerProvider
            )}
          </SessionProvider>
          {overlays ? <ToastHost /> : null}
        </HardNavigateProvider>
      </QueryClientProvider>
    </MantineProvider>,
  );
  return { ...view, router, hardNavigate, queryClient: client };
}

/** One component rendered at `path`, matched by `pattern` (so relative links resolve as in the app). */
export function renderWithProviders(
  ui: ReactNode,
  { pattern = '*', ...options }: ProviderOptions & { pattern?: string } = {},
) {
  return renderRoutes([{ path: pattern, element: ui }], options);
}
