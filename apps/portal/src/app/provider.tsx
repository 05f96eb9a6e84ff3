import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { HardNavigateProvider, type HardNavigate } from '@/lib/hard-navigate';
import { ServerLayoutContext } from '@/lib/use-smartphone';
import { lazyPage } from './lazy-page';
import { createQueryClient } from './query-client';
import { cssVariablesResolver, theme } from './theme';

const ToastHost = lazyPage(() => import('./toast-host').then((module) => module.ToastHost));

/**
 * Everything around the router: theme, server-state cache, the full-page navigation used for
 * sign-in and logout, and the toast host (the modal host sits inside the router: see the layout).
 * Tests pass `env="test"` (no transitions or portals), their own query client and a recording
 * `hardNavigate`; a page rendered on the server, the layout it was rendered for.
 */
export function AppProvider({
  children,
  queryClient,
  hardNavigate,
  env = 'default',
  serverLayout,
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  hardNavigate?: HardNavigate;
  env?: 'default' | 'test';
  serverLayout?: { smartphone: boolean } | undefined;
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <ServerLayoutContext value={serverLayout ?? null}>
      <MantineProvider
        theme={theme}
        cssVariablesResolver={cssVariablesResolver}
        defaultColorScheme="light"
        env={env}
      >
        <QueryClientProvider client={client}>
          <HardNavigateProvider navigate={hardNavigate}>
            {children}
            <Suspense fallback={null}>
              <ToastHost />
            </Suspense>
          </HardNavigateProvider>
        </QueryClientProvider>
      </MantineProvider>
    </ServerLayoutContext>
  );
}
