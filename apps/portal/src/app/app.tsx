import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import type { QueryClient } from '@tanstack/react-query';
import { AppProvider } from './provider';
import { createQueryClient } from './query-client';
import { createAppRouter } from './router';

/**
 * The portal. A page rendered on the server is taken over with the query client and router its
 * first screen was seeded and matched with, and the layout it was rendered for (main.tsx);
 * otherwise they are made here.
 */
export function App(props: {
  queryClient?: QueryClient;
  router?: ReturnType<typeof createAppRouter>;
  serverLayout?: { smartphone: boolean };
}) {
  const [queryClient] = useState(() => props.queryClient ?? createQueryClient());
  const [router] = useState(() => props.router ?? createAppRouter(queryClient));
  return (
    <AppProvider
      queryClient={queryClient}
      {...(props.serverLayout ? { serverLayout: props.serverLayout } : {})}
    >
      <RouterProvider router={router} />
    </AppProvider>
  );
}
