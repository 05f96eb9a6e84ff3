/**
 * Permissions are defined once, here. Entries come from the access token as `action:resource`
 * (for example `read:orders`). The server enforces these gates on every route; the portal only
 * hides what a user cannot use.
 */

type Action = 'read' | 'create' | 'update' | 'delete' | 'approve';

/** Resources named by the spec (section 6). */
type Resource =
  | 'orders'
  | 'owned-orders'
  | 'refunds'
  | 'cashouts'
  | 'cashins'
  | 'cbdc-cashins'
  | 'cbdc-cashouts'
  | 'batch-payments'
  | 'staff'
  | 'balance'
  | 'profile'
  | 'reports-detailed';

/** A single `action:resource` requirement; `*` on either side of a granted entry matches anything. */
export type PermissionString = `${Action}:${Resource}`;

/** Splits `action:resource`; a bare word is a resource with any action (`*`). */
function split(entry: string): [string, string] {
  const at = entry.indexOf(':');
  if (at === -1) return ['*', entry.trim().toLowerCase()];
  return [
    entry.slice(0, at).trim().toLowerCase(),
    entry
      .slice(at + 1)
      .trim()
      .toLowerCase(),
  ];
}

/**
 * True when one granted entry covers the required one. A bare `*` covers everything; a `*` in
 * the action or the resource position covers any action or any resource. A requirement written
 * as a bare resource (`orders`) is met by any action on that resource. The resource spelling
 * `cbdc-cashout` (singular, seen in the spec) is treated as `cbdc-cashouts`.
 */
export function entryCovers(granted: string, required: string): boolean {
  if (granted.trim() === '*') return true;
  const [gAction, gResource] = split(granted);
  const [rAction, rResource] = split(required);
  const resourceMatches = gResource === '*' || normaliseResource(gResource) === normaliseResource(rResource);
  const actionMatches = gAction === '*' || rAction === '*' || gAction === rAction;
  return resourceMatches && actionMatches;
}

function normaliseResource(resource: string): string {
  return resource === 'cbdc-cashout' ? 'cbdc-cashouts' : resource;
}

export function hasPermission(granted: readonly string[], required: string): boolean {
  return granted.some((entry) => entryCovers(entry, required));
}

/** Roles come from the token; matching is case-insensitive and any name containing "admin" is an admin. */
export function isAdminRole(role: string | null | undefined): boolean {
  return (role ?? '').toLowerCase().includes('admin');
}

export function isSuperAdminRole(role: string | null | undefined): boolean {
  return (role ?? '')
    .toLowerCase()
    .replace(/[\s_-]+/g, '')
    .includes('superadmin');
}

export function isCashierRole(role: string | null | undefined): boolean {
  const r = (role ?? '').toLowerCase();
  return r === 'cashier' || r === 'staff';
}

/** A gate is satisfied when any of `anyOf` is held (if given), all of `allOf` are held, and the role rule passes. */
export interface Gate {
  anyOf?: readonly PermissionString[];
  allOf?: readonly PermissionString[];
  adminOnly?: boolean;
  /** Only a super administrator (the corporate view of a parent organisation). */
  superAdminOnly?: boolean;
}

/** The gating table of spec section 6, as data. */
export const GATES = {
  ordersTab: { anyOf: ['read:orders', 'read:owned-orders', 'create:refunds'] },
  paymentsTab: { anyOf: ['read:orders', 'read:owned-orders', 'create:refunds'] },
  transfersHistoryTab: { anyOf: ['read:cashouts', 'read:cashins'] },
  refundsTab: { allOf: ['read:refunds'] },
  paymentHistoryTab: { allOf: ['read:batch-payments'] },
  notificationTabs: { allOf: ['read:batch-payments'] },
  addUser: { allOf: ['create:staff'] },
  staffMenu: { allOf: ['read:staff'] },
  staffEditDelete: { allOf: ['update:staff', 'delete:staff'] },
  issueRefund: { allOf: ['create:refunds'] },
  balance: { allOf: ['read:balance'] },
  accountLimits: { allOf: ['read:balance'] },
  qrDownload: { allOf: ['read:profile'] },
  exportReport: { allOf: ['read:reports-detailed'] },
  paymentRequest: { allOf: ['create:orders'] },
  lastExports: {},
  transfer: { anyOf: ['create:cashouts', 'create:cashins', 'create:cbdc-cashins', 'create:cbdc-cashouts'] },
  createPayments: { allOf: ['create:batch-payments'] },
  thresholdEdit: { allOf: ['update:profile'] },
  reviewBatch: { allOf: ['approve:batch-payments'], adminOnly: true },
  /** Not in the spec: who did what at the merchant (ADR 043). Whoever manages staff, if an admin. */
  auditLog: { allOf: ['read:staff'], adminOnly: true },
  /** Not in the spec: the end-of-shift cash-up. A cashier their own shifts, from their own orders. */
  cashUp: { anyOf: ['read:orders', 'read:owned-orders'] },
  /** Every cashier's shifts of the branch, and reopening one: whoever reads all its orders. */
  cashUpManage: { allOf: ['read:orders'] },
  /** Not in the spec: the analytics page. A cashier sees the figures of their own orders only. */
  analytics: { anyOf: ['read:orders', 'read:owned-orders'] },
  /** The chain's analytics: a super administrator (of a parent organisation: else 404). */
  analyticsChain: { allOf: ['read:orders'], superAdminOnly: true },
} as const satisfies Record<string, Gate>;

export type GateKey = keyof typeof GATES;

export function passesGate(granted: readonly string[], role: string | null | undefined, gate: Gate): boolean {
  if (gate.adminOnly && !isAdminRole(role)) return false;
  if (gate.superAdminOnly && !isSuperAdminRole(role)) return false;
  if (gate.allOf && !gate.allOf.every((p) => hasPermission(granted, p))) return false;
  if (gate.anyOf && gate.anyOf.length > 0 && !gate.anyOf.some((p) => hasPermission(granted, p))) return false;
  return true;
}

export function can(granted: readonly string[], role: string | null | undefined, key: GateKey): boolean {
  return passesGate(granted, role, GATES[key]);
}

/** Linked account types a transfer can use (the main wallet is always the other side). */
type TransferAccountType = 'BANK_ACCOUNT' | 'CBDC' | 'BENEFICIARY';

/** Which way money may move between the main wallet and each kind of linked account. */
export interface TransferDirections {
  /** JAM-DEX → main wallet: create:cbdc-cashins. */
  cbdcSource: boolean;
  /** Bank → main wallet: create:cashins. */
  bankSource: boolean;
  /** Main wallet → JAM-DEX: create:cbdc-cashouts. */
  cbdcTarget: boolean;
  /** Main wallet → beneficiary: create:cashouts. */
  beneficiaryTarget: boolean;
  /**
   * Main wallet → bank: create:cashouts, like every other cash-out. Not in the spec's tables;
   * kept by docs/decisions/015-cash-out-to-bank.md.
   */
  bankTarget: boolean;
}

/**
 * The one rule for what a transfer may do (spec section 6, "In the transfer modal"): the transfer
 * modal offers exactly these sides, the Transfer button shows when they leave something to offer,
 * and the API's transfer route checks the same permissions.
 */
export function transferDirections(granted: readonly string[]): TransferDirections {
  return {
    cbdcSource: hasPermission(granted, 'create:cbdc-cashins'),
    bankSource: hasPermission(granted, 'create:cashins'),
    cbdcTarget: hasPermission(granted, 'create:cbdc-cashouts'),
    beneficiaryTarget: hasPermission(granted, 'create:cashouts'),
    bankTarget: hasPermission(granted, 'create:cashouts'),
  };
}

/**
 * Whether a linked account of `type` makes the Transfer action worth showing (spec section 6,
 * "Transfer"): a bank account either way, a beneficiary as a target, and JAM-DEX only when
 * money may move both ways, as the spec's table asks.
 */
function linkedAccountUsable(type: TransferAccountType, directions: TransferDirections): boolean {
  if (type === 'BANK_ACCOUNT') return directions.bankSource || directions.bankTarget;
  if (type === 'CBDC') return directions.cbdcSource && directions.cbdcTarget;
  return directions.beneficiaryTarget;
}

const TRANSFER_ACCOUNT_TYPES: readonly string[] = ['BANK_ACCOUNT', 'CBDC', 'BENEFICIARY'];

/** The Transfer action shows with a transfer permission plus at least one linked account it may use. */
export function canTransfer(
  granted: readonly string[],
  role: string | null | undefined,
  linkedAccountTypes: readonly string[],
): boolean {
  if (!can(granted, role, 'transfer')) return false;
  const directions = transferDirections(granted);
  // An explicit list, not `in`: "toString" or "constructor" would otherwise find a prototype member.
  return linkedAccountTypes.some(
    (type) =>
      TRANSFER_ACCOUNT_TYPES.includes(type) && linkedAccountUsable(type as TransferAccountType, directions),
  );
}
