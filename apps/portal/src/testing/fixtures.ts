import type { Account, Branch } from '@lynk/contract/accounts';
import type { MerchantProfile } from '@lynk/contract/profile';
import { ROLE_NAMES, ROLE_PERMISSIONS, type RoleId } from '@lynk/contract/roles';
import type { SessionIdentity } from '@lynk/contract/session';

/** A session of the given role id (permissions from the contract's role matrix). */
export function makeSession(roleId: RoleId = 1, overrides: Partial<SessionIdentity> = {}): SessionIdentity {
  return {
    id: 'user_1',
    authID: 'auth|user_1',
    role: ROLE_NAMES[roleId],
    role_id: roleId,
    displayName: 'Jane Brown',
    email: 'jane@example.com',
    org_id: 'org_1001',
    merchant_id: 1001,
    permissions: [...ROLE_PERMISSIONS[roleId]],
    ...overrides,
  };
}

export function makeProfile(overrides: Partial<MerchantProfile> = {}): MerchantProfile {
  return {
    id: 1,
    merchant_id: 1001,
    name: 'Kingston Coffee Co.',
    organization_id: 'org_1001',
    parent_org_id: null,
    parent_name: null,
    about: '',
    description: '',
    category: 'Food & Drink',
    phone_number: '8765551234',
    email: 'hello@kingstoncoffee.example',
    username: 'kingstoncoffee',
    address: {
      address: '12 Hope Road',
      address_2: '',
      city: 'Kingston',
      province: 'St. Andrew',
      country: 'Jamaica',
    },
    logo: null,
    qr_code: 'qr-1001',
    low_balance_threshold: 0,
    low_balance_enabled: true,
    has_children: false,
    ...overrides,
  };
}

export function makeAccount(type: Account['type'], id = 1): Account {
  return { id, type, details: { account_id: `acc_${id}`, currency: type === 'CBDC' ? 'JMD' : 'JMD' } };
}

export function makeBranch(index: number): Branch {
  return {
    merchant_id: 2000 + index,
    organization_id: `org_${2000 + index}`,
    name: `Branch ${index}`,
    accounts: [{ id: 100 + index, type: 'LYNK' }],
  };
}
