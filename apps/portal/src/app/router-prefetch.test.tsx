import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { accountsQueryKey } from '@/features/accounts/api/get-accounts';
import { profileQueryKey } from '@/features/profile/api/get-profile';
import { installFakeFetch } from '@/testing/fake-fetch';
import { portalServer } from '@/testing/fake-server';
import { makeSession } from '@/testing/fixtures';
import { createTestQueryClient } from '@/testing/render';
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
