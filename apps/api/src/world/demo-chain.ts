import { ROLE_IDS, type RoleId } from '@lynk/contract/roles';

/** The demo chain (listed in the README): the parent organization, its branches and its staff. */

interface DemoBranch {
  org: string;
  name: string;
  username: string;
  city: string;
  province: string;
  cbdc: boolean;
  slug: string;
  /** When the branch joined Lynk (the corporate branch table sorts by it). */
  joined: string;
}

export const DEMO_PARENT = { org: 'org_1000', name: 'Blue Mountain Coffee House', username: 'bluemountain' };

export const DEMO_BRANCHES: DemoBranch[] = [
  {
    org: 'org_1001',
    name: 'Blue Mountain Coffee – Kingston',
    username: 'bmc.kingston',
    city: 'Kingston',
    province: 'St. Andrew',
    cbdc: true,
    slug: 'kingston',
    joined: '2019-03-04T15:00:00Z',
  },
  {
    org: 'org_1002',
    name: 'Blue Mountain Coffee – Montego Bay',
    username: 'bmc.montego',
    city: 'Montego Bay',
    province: 'St. James',
    cbdc: true,
    slug: 'montego',
    joined: '2021-06-14T15:00:00Z',
  },
  {
    org: 'org_1003',
    name: 'Blue Mountain Coffee – Ocho Rios',
    username: 'bmc.ochorios',
    city: 'Ocho Rios',
    province: 'St. Ann',
    cbdc: false,
    slug: 'ochorios',
    joined: '2024-02-12T15:00:00Z',
  },
];

export const EMAIL_DOMAIN = 'bluemountain.example';

/** The demo chain's staff: who signs in, with which role, in which organizations (see the README). */
export interface DemoUser {
  email: string;
  displayName: string;
  roleId: RoleId;
  /** Organizations the user belongs to; a super admin belongs to the parent and every branch. */
  orgs: string[];
}

export const DEMO_USERS: DemoUser[] = [
  {
    email: `superadmin@${EMAIL_DOMAIN}`,
    displayName: 'Simone Campbell',
    roleId: ROLE_IDS.SUPER_ADMIN,
    orgs: [DEMO_PARENT.org, ...DEMO_BRANCHES.map((b) => b.org)],
  },
  ...DEMO_BRANCHES.flatMap((branch, i) => [
    {
      email: `admin.${branch.slug}@${EMAIL_DOMAIN}`,
      displayName: ['Andre Brown', 'Kerry-Ann Reid', 'Marlon Thomas'][i]!,
      roleId: ROLE_IDS.ADMIN,
      orgs: [branch.org],
    },
    {
      email: `manager.${branch.slug}@${EMAIL_DOMAIN}`,
      displayName: ['Tanya Williams', 'Damion Clarke', 'Shelly Grant'][i]!,
      roleId: ROLE_IDS.MANAGER,
      orgs: [branch.org],
    },
    {
      email: `cashier.${branch.slug}@${EMAIL_DOMAIN}`,
      displayName: ['Jodi Henry', 'Ricardo Palmer', 'Nadine Lewis'][i]!,
      roleId: ROLE_IDS.CASHIER,
      orgs: [branch.org],
    },
  ]),
  {
    email: `noaccess@${EMAIL_DOMAIN}`,
    displayName: 'Kevin Morgan',
    roleId: ROLE_IDS.NO_ACCESS,
    orgs: ['org_1001'],
  },
];
