import type { Account, Branch } from '@lynk/contract/accounts';
import type { MerchantProfile } from '@lynk/contract/profile';
import type { SessionIdentity } from '@lynk/contract/session';
import type { FakeRoutes } from '@/test/fake-fetch';
import { makeAccount, makeProfile, makeSession } from '@/test/fixtures';

export const UNAUTHENTICATED = {
  status: 401,
  body: { code: 'UNAUTHENTICATED', message: 'User not authenticated' },
};

/** The portal's endpoints answering for one organisation; `session: null` answers 401. */
export function portalServer({
  session = makeSession(1),
  profile = makeProfile(),
  accounts = [makeAccount('LYNK')],
  branches = [],
  extra = {},
}: {
  session?: SessionIdentity | null;
  profile?: MerchantProfile;
  accounts?: Account[];
  branches?: Branch[];
  extra?: FakeRoutes;
} = {}): FakeRoutes {
  return {
    'GET /api/session': session ? { body: session } : UNAUTHENTICATED,
    'GET /api/profile': { body: profile },
    'GET /api/account/v1/accounts': { body: { result: accounts } },
    'GET /api/account/v1/accounts/children': { body: { children: branches } },
    ...extra,
  };
}
