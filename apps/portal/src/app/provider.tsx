import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { HardNavigateProvider, type HardNavigate } from '@/lib/hard-navigate';
import { contextModals } from './modals';
import { createQueryClient } from './query-client';
import { cssVariablesResolver, theme } from './theme';

/**
 * Everything around the router: theme, server-state cache, the full-page navigation used for
 * sign-in and logout, the modal host and the toast host. Tests pass `env="test"` (no transitions
 * or portals), their own query client and a recording `hardNavigate`.
 */
export function AppProvider({
  children,
  queryClient,
  hardNavigate,
  env = 'default',
}: {
  children: ReactNode;
  queryClient?: QueryClient;
  hardNavigate?: HardNavigate;
  env?: 'default' | 'test';
}) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light" env={env}>
      <QueryClientProvider client={client}>
        <HardNavigateProvider navigate={hardNavigate}>
          <ModalsProvider
            modals={contextModals}
            modalProps={{ closeButtonProps: { 'aria-label': 'Close' } }}
          >
            <Notifications position="top-right" zIndex={1000} />
            {children}
          </ModalsProvider>
        </HardNavigateProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
