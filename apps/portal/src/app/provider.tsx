import { MantineProvider } from '@mantine/core';
import { useNotifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { Suspense, useState, type ReactNode } from 'react';
import { HardNavigateProvider, type HardNavigate } from '@/lib/hard-navigate';
import { useNeededOnce } from '@/lib/use-needed-once';
import { lazyPage } from './lazy-page';
import { createQueryClient } from './query-client';
import { cssVariablesResolver, theme } from './theme';

const ToastHost = lazyPage(() => import('./toast-host').then((module) => module.ToastHost));

/**
 * The toast host, from the first toast on. Toasts wait in a store (`notifications.show`) until a
 * host shows them, so none is lost: a page load neither downloads the host nor renders it (six
 * transition groups that each render twice on mount), and the first toast shows once its chunk is
 * in. It stays once mounted, so a toast's exit transition plays.
 */
function ToastHostFromFirstToast() {
  const { notifications, queue } = useNotifications();
  return useNeededOnce(notifications.length + queue.length > 0) ? (
    <Suspense fallback={null}>
      <ToastHost />
    </Suspense>
  ) : null;
}

/**
 * Everything around the router: theme, server-state cache, the full-page navigation used for
 * sign-in and logout, and the toast host, loaded with the first toast (the modal host sits inside the router: see the layout). Tests pass `env="test"` (no transitions or
 * portals), their own query client and a recording `hardNavigate`.
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
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      env={env}
    >
      <QueryClientProvider client={client}>
        <HardNavigateProvider navigate={hardNavigate}>
          {children}
          <ToastHostFromFirstToast />
        </HardNavigateProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
