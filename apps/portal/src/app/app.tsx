import { useState } from 'react';
import { RouterProvider } from 'react-router/dom';
import type { QueryClient } from '@tanstack/react-query';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

/**
 * The portal, with main.tsx's query client. A page rendered on the server is taken over with the
 * router its first screen was matched with and the layout it was rendered for; otherwise the
 * router is made here.
 */
export function App(props: {
  queryClient: QueryClient;
  router?: ReturnType<typeof createAppRouter>;
  serverLayout?: { smartphone: boolean };
}) {
  const [router] = useState(() => props.router ?? createAppRouter(props.queryClient));
  return (
    <AppProvider queryClient={props.queryClient} serverLayout={props.serverLayout}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
