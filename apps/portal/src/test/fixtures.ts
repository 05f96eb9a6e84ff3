import type { Account, Branch, Limit } from '@lynk/contract/accounts';
import type { LimitTransferType } from '@lynk/contract/statuses';
import type { CbdcPayment, Transfer } from '@lynk/contract/transfers';
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
  const label = type === 'LYNK' ? 'Main wallet' : type === 'CBDC' ? 'JAM-DEX wallet' : `${type} ${id}`;
  return {
    id,
    type,
    label,
    details: { account_id: `acc_${id}`, currency: type === 'CBDC' ? 'JAM-DEX' : 'JMD' },
  };
}

/** A limit of `limit` cents of which `used` are spent this period. */
export function makeLimit(type: LimitTransferType, limit = 100_000_00, used = 0): Limit {
  return {
    transfer_type: type,
    period: type === 'MBATCH' ? 2 : 1,
    limit,
    used,
    remaining: Math.max(0, limit - used),
    resets_at: '2026-11-24T05:00:00.000Z',
  };
}

export function makeBranch(index: number, overrides: Partial<Branch> = {}): Branch {
  return {
    merchant_id: 2000 + index,
    organization_id: `org_${2000 + index}`,
    name: `Branch ${index}`,
    // Branch n joined on the n-th day of 2020: a higher index is a newer branch.
    created_at: new Date(Date.UTC(2020, 0, index, 15)).toISOString(),
    accounts: [{ id: 100 + index, type: 'LYNK' }],
    balance: 1000_00 * index,
    limits: { TOP: makeLimit('TOP'), ACH_CASHOUT: makeLimit('ACH_CASHOUT'), MBATCH: makeLimit('MBATCH') },
    ...overrides,
  };
}

export function makeTransfer(index: number, overrides: Partial<Transfer> = {}): Transfer {
  return {
    transfer_id: `TRF-${String(index).padStart(6, '0')}`,
    from: 'Main wallet',
    to: 'NCB ****1234',
    datetime: '2026-11-20T15:30:00.000Z',
    total: 1500_00,
    commission: 0,
    gct: 0,
    type: 'CASH OUT',
    status: 'COMPLETED',
    currency: 'JMD',
    failure_reason: null,
    ...overrides,
  };
}

export function makeCbdcPayment(index: number, overrides: Partial<CbdcPayment> = {}): CbdcPayment {
  return {
    id: `PAY-${String(index).padStart(6, '0')}`,
    from_id: `JAMDEX-USER-${index}`,
    date: '2026-11-20T15:30:00.000Z',
    amount: 250_00,
    status: 'Success',
    ...overrides,
  };
}

/** A listing answer (`{ result, meta_data }`) for one page of `total` rows. */
export function makeListing<T>(rows: T[], { offset = 0, limit = 25, total = rows.length } = {}) {
  return { result: rows, meta_data: { count: rows.length, limit, offset, total } };
}
