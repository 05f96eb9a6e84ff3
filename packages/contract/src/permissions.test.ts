import { describe, expect, it } from 'vitest';
import {
  GATES,
  can,
  canTransfer,
  entryCovers,
  hasPermission,
  isAdminRole,
  isCashierRole,
  isSuperAdminRole,
  transferDirections,
  type GateKey,
} from './permissions.ts';
import { ROLE_IDS, ROLE_NAMES, ROLE_PERMISSIONS, type RoleId } from './roles.ts';

describe('permission matcher', () => {
  it('matches an exact action:resource entry and nothing else', () => {
    expect(hasPermission(['read:orders'], 'read:orders')).toBe(true);
    expect(hasPermission(['read:orders'], 'create:orders')).toBe(false);
    expect(hasPermission(['read:orders'], 'read:refunds')).toBe(false);
    expect(hasPermission([], 'read:orders')).toBe(false);
  });

  it('lets a bare * grant everything', () => {
    expect(hasPermission(['*'], 'approve:batch-payments')).toBe(true);
    expect(hasPermission(['*:*'], 'delete:staff')).toBe(true);
  });

  it('lets *:resource grant any action on that resource only', () => {
    expect(hasPermission(['*:staff'], 'delete:staff')).toBe(true);
    expect(hasPermission(['*:staff'], 'read:orders')).toBe(false);
  });

  it('lets action:* grant that action on any resource only', () => {
    expect(hasPermission(['read:*'], 'read:reports-detailed')).toBe(true);
    expect(hasPermission(['read:*'], 'create:orders')).toBe(false);
  });

  it('treats a bare resource as any action, whether granted or required', () => {
    expect(hasPermission(['orders'], 'create:orders')).toBe(true);
    expect(hasPermission(['create:orders'], 'orders')).toBe(true);
    expect(hasPermission(['create:refunds'], 'orders')).toBe(false);
  });

  it('ignores case and surrounding spaces in entries', () => {
    expect(entryCovers(' READ:Orders ', 'read:orders')).toBe(true);
  });

  it('treats the singular cbdc-cashout as cbdc-cashouts in both directions', () => {
    expect(hasPermission(['create:cbdc-cashout'], 'create:cbdc-cashouts')).toBe(true);
    expect(hasPermission(['create:cbdc-cashouts'], 'create:cbdc-cashout')).toBe(true);
    expect(hasPermission(['create:cbdc-cashout'], 'create:cbdc-cashins')).toBe(false);
  });
});

describe('role names', () => {
  it('match case-insensitively and count any name containing admin as admin', () => {
    expect(isAdminRole('ADMIN')).toBe(true);
    expect(isAdminRole('Super Administrator')).toBe(true);
    expect(isAdminRole('sysadmin')).toBe(true);
    expect(isAdminRole('Manager')).toBe(false);
    expect(isAdminRole(undefined)).toBe(false);
  });

  it('recognise super admins and cashiers', () => {
    expect(isSuperAdminRole('super_admin')).toBe(true);
    expect(isSuperAdminRole('Super Administrator')).toBe(true);
    expect(isSuperAdminRole('Admin')).toBe(false);
    expect(isCashierRole('CASHIER')).toBe(true);
    expect(isCashierRole('Staff')).toBe(true);
    expect(isCashierRole('Manager')).toBe(false);
  });
});

interface Row {
  item: string;
  gates: GateKey[];
  passes: string[][];
  fails: string[][];
}

/** One row per line of the gating table in spec section 6 (rows with a role or account rule follow). */
const TABLE: Row[] = [
  {
    item: 'Orders and Payments tabs',
    gates: ['ordersTab', 'paymentsTab'],
    passes: [['read:orders'], ['read:owned-orders'], ['create:refunds']],
    fails: [['read:refunds', 'create:orders']],
  },
  {
    item: 'Transfers History tab',
    gates: ['transfersHistoryTab'],
    passes: [['read:cashouts'], ['read:cashins']],
    fails: [['create:cashouts', 'create:cashins']],
  },
  { item: 'Refunds tab', gates: ['refundsTab'], passes: [['read:refunds']], fails: [['create:refunds']] },
  {
    item: 'Payment History tab',
    gates: ['paymentHistoryTab'],
    passes: [['read:batch-payments']],
    fails: [['create:batch-payments']],
  },
  {
    item: 'Notification tabs',
    gates: ['notificationTabs'],
    passes: [['read:batch-payments']],
    fails: [['approve:batch-payments']],
  },
  {
    item: 'Add User, staff create/edit fields',
    gates: ['addUser'],
    passes: [['create:staff']],
    fails: [['read:staff']],
  },
  { item: 'Staff menu', gates: ['staffMenu'], passes: [['read:staff']], fails: [['create:staff']] },
  {
    item: 'Staff edit and delete',
    gates: ['staffEditDelete'],
    passes: [['update:staff', 'delete:staff']],
    fails: [['update:staff'], ['delete:staff']],
  },
  {
    item: 'Refund button, Issue Refund',
    gates: ['issueRefund'],
    passes: [['create:refunds']],
    fails: [['read:refunds']],
  },
  {
    item: 'Balance widgets, account limits',
    gates: ['balance', 'accountLimits'],
    passes: [['read:balance']],
    fails: [['read:profile']],
  },
  { item: 'QR download', gates: ['qrDownload'], passes: [['read:profile']], fails: [['update:profile']] },
  {
    item: 'Export report',
    gates: ['exportReport'],
    passes: [['read:reports-detailed']],
    fails: [['read:orders']],
  },
  {
    item: 'Payment request',
    gates: ['paymentRequest'],
    passes: [['create:orders']],
    fails: [['read:orders']],
  },
  {
    item: 'Create payments',
    gates: ['createPayments'],
    passes: [['create:batch-payments']],
    fails: [['read:batch-payments']],
  },
  {
    item: 'Threshold edit',
    gates: ['thresholdEdit'],
    passes: [['update:profile']],
    fails: [['read:profile']],
  },
];

describe('gating table (spec section 6)', () => {
  it.each(TABLE)('$item', ({ gates, passes, fails }) => {
    for (const gate of gates) {
      for (const granted of passes)
        expect(can(granted, 'Manager', gate), `${gate} with ${granted}`).toBe(true);
      for (const granted of fails) expect(can(granted, 'Admin', gate), `${gate} with ${granted}`).toBe(false);
    }
  });

  it('Last exports: any user, even one without permissions', () => {
    expect(can([], 'Cashier', 'lastExports')).toBe(true);
    expect(can(['read:owned-orders'], 'Cashier', 'lastExports')).toBe(true);
  });

  it('Transfer: a transfer permission plus a linked account type the user may use', () => {
    expect(canTransfer(['create:cashins'], 'Admin', ['BANK_ACCOUNT'])).toBe(true);
    expect(canTransfer(['create:cashouts'], 'Manager', ['LYNK', 'BENEFICIARY'])).toBe(true);
    expect(canTransfer(['create:cbdc-cashins', 'create:cbdc-cashout'], 'Admin', ['CBDC'])).toBe(true);
    // A cash-out to the bank (docs/decisions/015-cash-out-to-bank.md) is a use of a bank account too.
    expect(canTransfer(['create:cashouts'], 'Manager', ['BANK_ACCOUNT'])).toBe(true);

    expect(canTransfer(['create:cashins'], 'Admin', ['BENEFICIARY', 'CBDC'])).toBe(false);
    expect(canTransfer(['create:cbdc-cashins'], 'Admin', ['CBDC'])).toBe(false);
    expect(canTransfer(['create:cashins', 'create:cashouts'], 'Admin', ['LYNK'])).toBe(false);
    expect(canTransfer(['create:cashins'], 'Admin', [])).toBe(false);
    expect(canTransfer(['read:cashins', 'read:cashouts'], 'Admin', ['BANK_ACCOUNT', 'BENEFICIARY'])).toBe(
      false,
    );
  });

  it('Transfer: an account type named like an object member does not count as linked', () => {
    expect(canTransfer(['create:cashins'], 'Admin', ['toString', 'constructor'])).toBe(false);
  });

  it('Transfer modal: each source and target needs its own permission', () => {
    expect(transferDirections(['create:cbdc-cashins', 'create:cashouts'])).toEqual({
      cbdcSource: true,
      bankSource: false,
      cbdcTarget: false,
      beneficiaryTarget: true,
      bankTarget: true,
    });
    expect(transferDirections(['create:cashins', 'create:cbdc-cashout'])).toEqual({
      cbdcSource: false,
      bankSource: true,
      cbdcTarget: true,
      beneficiaryTarget: false,
      bankTarget: false,
    });
  });

  it('Review Batch: batch-payments approve and an admin role', () => {
    expect(can(['approve:batch-payments'], 'Admin', 'reviewBatch')).toBe(true);
    expect(can(['approve:batch-payments'], 'super administrator', 'reviewBatch')).toBe(true);
    expect(can(['approve:batch-payments'], 'Manager', 'reviewBatch')).toBe(false);
    expect(can(['read:batch-payments', 'create:batch-payments'], 'Admin', 'reviewBatch')).toBe(false);
  });

  it('opens the audit log to admins who may read staff, and to nobody else', () => {
    expect(can(['read:staff'], 'Admin', 'auditLog')).toBe(true);
    expect(can(['read:staff'], 'Super Administrator', 'auditLog')).toBe(true);
    expect(can(['read:staff'], 'Manager', 'auditLog')).toBe(false);
    expect(can(['read:orders', 'read:balance'], 'Admin', 'auditLog')).toBe(false);
  });
});

function gatesPassed(roleId: RoleId): GateKey[] {
  const keys = Object.keys(GATES) as GateKey[];
  return keys.filter((key) => can(ROLE_PERMISSIONS[roleId], ROLE_NAMES[roleId], key)).sort();
}

describe('role matrix', () => {
  it('a cashier sees only the Orders tab, QR download, payment request, last exports, their own cash-up and analytics', () => {
    expect(gatesPassed(ROLE_IDS.CASHIER)).toEqual(
      [
        'analytics',
        'cashUp',
        'lastExports',
        'ordersTab',
        'paymentRequest',
        'paymentsTab',
        'qrDownload',
      ].sort(),
    );
  });

  it("only a super administrator passes the chain's analytics", () => {
    expect(gatesPassed(ROLE_IDS.SUPER_ADMIN)).toContain('analyticsChain');
    for (const id of [ROLE_IDS.ADMIN, ROLE_IDS.MANAGER, ROLE_IDS.CASHIER, ROLE_IDS.NO_ACCESS]) {
      expect(gatesPassed(id)).not.toContain('analyticsChain');
    }
  });

  it("a manager closes and reopens every cashier's shifts; a cashier only their own", () => {
    expect(gatesPassed(ROLE_IDS.MANAGER)).toEqual(expect.arrayContaining(['cashUp', 'cashUpManage']));
    expect(gatesPassed(ROLE_IDS.CASHIER)).not.toContain('cashUpManage');
  });

  it('a manager sees orders, transfers, refunds and payment history but not staff nor batch review', () => {
    const manager = gatesPassed(ROLE_IDS.MANAGER);
    expect(manager).toEqual(
      expect.arrayContaining(['ordersTab', 'transfersHistoryTab', 'refundsTab', 'paymentHistoryTab']),
    );
    expect(manager).toEqual(
      expect.arrayContaining([
        'issueRefund',
        'balance',
        'exportReport',
        'qrDownload',
        'paymentRequest',
        'createPayments',
      ]),
    );
    for (const gate of [
      'staffMenu',
      'addUser',
      'staffEditDelete',
      'reviewBatch',
      'thresholdEdit',
      'auditLog',
    ] as const) {
      expect(manager).not.toContain(gate);
    }
    expect(canTransfer(ROLE_PERMISSIONS[ROLE_IDS.MANAGER], 'Manager', ['BENEFICIARY'])).toBe(true);
    // A manager may cash out to the bank (create:cashouts), though not cash in from it.
    expect(canTransfer(ROLE_PERMISSIONS[ROLE_IDS.MANAGER], 'Manager', ['BANK_ACCOUNT'])).toBe(true);
  });

  it.each([ROLE_IDS.ADMIN, ROLE_IDS.SUPER_ADMIN])(
    'role %i passes every gate, review batch and staff menu included (the chain only a super admin)',
    (id) => {
      const all = (Object.keys(GATES) as GateKey[]).sort();
      expect(gatesPassed(id)).toEqual(
        id === ROLE_IDS.SUPER_ADMIN ? all : all.filter((key) => key !== 'analyticsChain'),
      );
      expect(canTransfer(ROLE_PERMISSIONS[id], ROLE_NAMES[id], ['BANK_ACCOUNT'])).toBe(true);
      expect(canTransfer(ROLE_PERMISSIONS[id], ROLE_NAMES[id], ['CBDC'])).toBe(true);
    },
  );

  it('role 5 has no permissions and passes only the gate that needs none', () => {
    expect(ROLE_PERMISSIONS[ROLE_IDS.NO_ACCESS]).toEqual([]);
    expect(gatesPassed(ROLE_IDS.NO_ACCESS)).toEqual(['lastExports']);
  });
});
