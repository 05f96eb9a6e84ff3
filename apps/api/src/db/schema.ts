import type { ColumnType, Generated, JSONColumnType } from 'kysely';

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;

export interface OrganizationsTable {
  id: string;
  parent_id: string | null;
  name: string;
  created_at: Generated<Date>;
}

export interface MerchantsTable {
  id: Generated<number>;
  organization_id: string;
  name: string;
  username: string;
  about: Generated<string>;
  description: Generated<string>;
  category: Generated<string>;
  phone_number: Generated<string>;
  email: Generated<string>;
  address: Generated<string>;
  address_2: Generated<string>;
  city: Generated<string>;
  province: Generated<string>;
  country: Generated<string>;
  logo: string | null;
  qr_code: string;
  /** Whole Jamaican dollars, as the threshold field accepts no decimals. */
  low_balance_threshold: Generated<number>;
  low_balance_enabled: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface RolesTable {
  id: number;
  name: string;
  permissions: JSONColumnType<string[]>;
}

export interface UsersTable {
  id: Generated<number>;
  auth_id: string;
  email: string;
  display_name: string;
  password_hash: string;
  disabled: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface MembershipsTable {
  user_id: number;
  merchant_id: number;
  role_id: number;
  show_qr_display_name: Generated<boolean>;
  active: Generated<boolean>;
  created_at: Generated<Date>;
}

export interface AccountsTable {
  id: Generated<number>;
  merchant_id: number | null;
  type: 'LYNK' | 'CBDC' | 'BANK_ACCOUNT' | 'BENEFICIARY';
  currency: 'JMD' | 'JAM-DEX';
  account_ref: string;
  external_reference: string | null;
  created_at: Generated<Date>;
}

export interface AuditLogTable {
  id: Generated<string>;
  at: Generated<Date>;
  actor_user_id: number | null;
  organization_id: string | null;
  action: string;
  subject: string | null;
  details: JSONColumnType<Record<string, unknown>>;
  ip: string | null;
}

export interface SessionsTable {
  /** SHA-256 of the cookie value: a leaked table cannot be replayed as cookies. */
  id_hash: string;
  user_id: number;
  organization_id: string;
  access_token: string;
  refresh_token: string | null;
  id_token: string | null;
  access_expires_at: Timestamp;
  created_at: Generated<Date>;
  last_seen_at: Timestamp;
  expires_at: Timestamp;
}

export interface OidcPayloadsTable {
  id: string;
  type: string;
  payload: JSONColumnType<Record<string, unknown>>;
  grant_id: string | null;
  user_code: string | null;
  uid: string | null;
  expires_at: Timestamp | null;
  consumed_at: Timestamp | null;
}

export interface OidcGrantOrganizationsTable {
  grant_id: string;
  organization_id: string;
  created_at: Generated<Date>;
}

export interface Database {
  organizations: OrganizationsTable;
  merchants: MerchantsTable;
  roles: RolesTable;
  users: UsersTable;
  memberships: MembershipsTable;
  accounts: AccountsTable;
  audit_log: AuditLogTable;
  sessions: SessionsTable;
  oidc_payloads: OidcPayloadsTable;
  oidc_grant_organizations: OidcGrantOrganizationsTable;
}
