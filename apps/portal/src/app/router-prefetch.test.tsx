import { createMemoryRouter, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { accountsQueryKey } from '@/features/accounts/api/get-accounts';
import { sessionQueryOptions } from '@/features/auth/api/get-session';
import { notificationsPageQueryOptions } from '@/features/notifications/api/get-notifications';
import { transfersQueryKey } from '@/features/wallet/api/get-transfers';
import { profileQueryKey } from '@/features/profile/api/get-profile';
import { installFakeFetch } from '@/test/fake-fetch';
import { portalServer } from '@/test/fake-server';
import { makeSession } from '@/test/fixtures';
import { createTestQueryClient } from '@/test/render';
import { appRoutes } from './router';

/** The guard's loader: what the router runs for a URL before any of its pages' chunks are loaded. */
async function runGuardLoader(path: string, routes = portalServer()) {
  const server = installFakeFetch(routes);
  const queryClient = createTestQueryClient();
  const guard = appRoutes(queryClient)[0]!.children![0] as RouteObject;
  const loader = guard.loader as (args: { request: Request; params: object }) => unknown;
  await loader({ request: new Request(`http://localhost${path}`), params: {} });
  return { ...server, queryClient };
}

describe('a portal page load', () => {
  it('asks for the session and then its organisation’s profile and accounts before any page renders', async () => {
    const { requests, queryClient } = await runGuardLoader('/1001/lynk-wallet/transfers-history');
    await expect
      .poll(() => requests.map((request) => request.path))
      .toEqual(['/api/session', '/api/profile', '/api/account/v1/accounts']);
    const orgId = makeSession(1).org_id;
    await expect.poll(() => queryClient.getQueryData(profileQueryKey(orgId))).toBeDefined();
    await expect.poll(() => queryClient.getQueryData(accountsQueryKey(orgId))).toBeDefined();
  });

  it('asks for nothing more when nobody is signed in', async () => {
    const { requests, queryClient } = await runGuardLoader(
      '/1001/lynk-wallet/orders',
      portalServer({ session: null }),
    );
    await expect.poll(() => queryClient.getQueryState(['session'])?.status).toBe('error');
    expect(requests.map((request) => request.path)).toEqual(['/api/session']);
  });
});

/** The router for a URL, as a page load starts it: loaders run, nothing renders. */
function startRouter(path: string, routes = portalServer()) {
  const server = installFakeFetch(routes);
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter(appRoutes(queryClient), { initialEntries: [path] });
  return { ...server, queryClient, router };
}

describe('a table’s page load', () => {
  it('asks for the first page of rows with the page’s code, before the table renders, as the table will ask', async () => {
    const { requests, queryClient } = startRouter('/1001/lynk-wallet/transfers-history?sort=ASC&page=2');
    await expect
      .poll(() => requests.map((request) => request.path))
      .toContain(
        '/api/account/v2/connected-account-transactions?offset=25&limit=25&sort=ASC&jam-dex-only=false',
      );
    const orgId = makeSession(1).org_id;
    // The key useTransfers builds from the same URL: the table reads the rows instead of asking again.
    const key = [...transfersQueryKey(orgId), { offset: 25, limit: 25, sort: 'ASC', jamDexOnly: false }];
    await expect.poll(() => queryClient.getQueryData(key)).toBeDefined();
  });

  it('asks for a notifications tab’s first ten with the page’s code, in its group, as the pane will ask', async () => {
    const { requests, queryClient } = startRouter('/1001/notifications/batch-payment?sort=ASC');
    await expect
      .poll(() => requests.map((request) => request.path))
      .toContain('/api/profile/notifications?offset=0&limit=10&sort=ASC&group=BATCH_PAYMENT');
    const orgId = makeSession(1).org_id;
    const key = notificationsPageQueryOptions(orgId, {
      offset: 0,
      limit: 10,
      sort: 'ASC',
      group: 'BATCH_PAYMENT',
    }).queryKey;
    await expect.poll(() => queryClient.getQueryData(key)).toBeDefined();
  });

  it('asks for no rows of a tab the user may not see', async () => {
    const cashier = makeSession(1, { permissions: ['read:orders'] });
    const { requests, router, queryClient } = startRouter(
      '/1001/lynk-wallet/transfers-history',
      portalServer({ session: cashier }),
    );
    // Every matched route's chunk and loader done, and the session the loader waits for read.
    await expect.poll(() => router.state.initialized).toBe(true);
    await queryClient.fetchQuery(sessionQueryOptions());
    expect(requests.map((request) => request.path).some((path) => path.includes('connected-account'))).toBe(
      false,
    );
  });
});
