import type { Account } from '@lynk/contract/accounts';
import type { MerchantProfile } from '@lynk/contract/profile';
import { createContext, use, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/**
 * The organisation the signed-in session works in, with its profile and accounts. Provided by the
 * app once they have loaded, so any page can build links and decide what to show without
 * reaching into another feature.
 */
export interface Organization {
  /** `org_1001` */
  orgId: string;
  /** `1001`: the first path segment of this organisation's pages. */
  segment: string;
  /** `null` when the profile could not be read (for example a user without any permission). */
  profile: MerchantProfile | null;
  accounts: readonly Account[];
  /** A CBDC account exists: the JAM-DEX wallet is available. */
  hasCbdc: boolean;
  /** A super admin of a parent organisation: "/" shows the corporate dashboard. */
  corporate: boolean;
}

const OrganizationContext = createContext<Organization | null>(null);

export function OrganizationProvider({ value, children }: { value: Organization; children: ReactNode }) {
  return <OrganizationContext value={value}>{children}</OrganizationContext>;
}

export function useOrganization(): Organization {
  const organization = use(OrganizationContext);
  if (!organization) throw new Error('useOrganization must be used inside the organisation scope');
  return organization;
}

/** Paths of the corporate view: the dashboard "/", its "/staff", "/audit-log" and "/analytics". */
function isCorporatePath(pathname: string): boolean {
  const trimmed = pathname.replace(/\/+$/, '') || '/';
  return trimmed === '/' || trimmed === '/staff' || trimmed === '/audit-log' || trimmed === '/analytics';
}

/** True on the corporate dashboard of a super admin of a parent organisation. */
export function useIsCorporateView(): boolean {
  const { corporate } = useOrganization();
  const { pathname } = useLocation();
  return corporate && isCorporatePath(pathname);
}

/** Absolute links of the organisation's pages. */
export function organizationPaths(segment: string) {
  const base = `/${segment}`;
  return {
    home: base,
    mainWallet: `${base}/lynk-wallet`,
    cbdcWallet: `${base}/jamdex-wallet`,
    staff: `${base}/staff`,
    auditLog: `${base}/audit-log`,
    cashUp: `${base}/cash-up`,
    analytics: `${base}/analytics`,
    notifications: `${base}/notifications`,
    notificationSettings: `${base}/notifications/settings`,
  };
}
