import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { ROLE_IDS, ROLE_NAMES, ROLE_PERMISSIONS, type RoleId } from '@lynk/contract/roles';
import type { SessionIdentity } from '@lynk/contract/session';
import { loadConfig } from '../config.ts';
import type { Database } from '../db/schema.ts';
import { listAccounts } from '../modules/account/index.ts';
import {
  approveBatch,
  createBatch,
  DecodedFile,
  processBatch,
  rejectBatch,
  requestApproval,
  validateBatch,
} from '../modules/batches/index.ts';
import type { Ledger } from '../modules/ledger/index.ts';
import { advanceBankTransfer } from './bank-rail.ts';
import type { BranchStaff, StaffMember } from './demo-order-plan.ts';
import { INACTIVE_DEMO_PAYEE } from './demo-payees.ts';

const DAY = 24 * 60 * 60 * 1000;

/** Where a demo batch ends, and how it got there. */
type DemoOutcome = 'COMPLETED' | 'FAILED' | 'REJECTED' | 'PENDING_APPROVAL' | 'VALIDATED' | 'INVALID_PAYEE';

interface DemoBatch {
  name: string;
  outcome: DemoOutcome;
  daysAgo: number;
  payees: Array<[handle: string, amount: string]>;
}

/**
 * Each branch's payment history: paid payrolls weeks ago (so this week's batch limit is untouched),
 * a supplier run whose bank cash-in failed, a rejected bonus, one waiting for the admin's approval,
 * one validated and left for later, and a file with a closed wallet on it.
 */
const DEMO_BATCHES: DemoBatch[] = [
  {
    name: 'Payroll September',
    outcome: 'COMPLETED',
    daysAgo: 56,
    payees: [
      ['marcia.campbell', '45000.00'],
      ['delroy.williams', '38500.00'],
      ['sharon.brown', '41250.00'],
      ['winston.thompson', '36000.00'],
      ['paulette.smith', '39800.00'],
    ],
  },
  {
    name: 'Payroll October',
    outcome: 'COMPLETED',
    daysAgo: 26,
    payees: [
      ['marcia.campbell', '45000.00'],
      ['delroy.williams', '38500.00'],
      ['sharon.brown', '41250.00'],
      ['winston.thompson', '36000.00'],
      ['paulette.smith', '39800.00'],
      ['conroy.reid', '29500.00'],
    ],
  },
  {
    name: 'Coffee farmers – Blue Mountain co-op',
    outcome: 'FAILED',
    daysAgo: 19,
    payees: [
      ['yvonne.clarke', '120000.00'],
      ['desmond.johnson', '95000.00'],
    ],
  },
  {
    name: 'Staff bonus',
    outcome: 'REJECTED',
    daysAgo: 12,
    payees: [
      ['carlene.gordon', '5000.00'],
      ['leroy.francis', '5000.00'],
    ],
  },
  {
    name: 'Payroll November',
    outcome: 'PENDING_APPROVAL',
    daysAgo: 2,
    payees: [
      ['marcia.campbell', '45000.00'],
      ['delroy.williams', '38500.00'],
      ['sharon.brown', '41250.00'],
      ['winston.thompson', '36000.00'],
      ['paulette.smith', '39800.00'],
      ['conroy.reid', '29500.00'],
    ],
  },
  {
    name: 'Pastry supplier',
    outcome: 'VALIDATED',
    daysAgo: 1,
    payees: [['monique.stewart', '18750.00']],
  },
  {
    name: 'Cleaning contractors',
    outcome: 'INVALID_PAYEE',
    daysAgo: 1,
    payees: [
      ['omar.graham', '7500.00'],
      [INACTIVE_DEMO_PAYEE.slice(1), '7500.00'],
    ],
  },
];

function identity(branch: BranchStaff, member: StaffMember, roleId: RoleId): SessionIdentity {
  return {
    id: String(member.userId),
    authID: 'demo-seed',
    role: ROLE_NAMES[roleId],
    role_id: roleId,
    displayName: member.displayName,
    email: '',
    org_id: branch.orgId,
    merchant_id: branch.merchantId,
    permissions: [...ROLE_PERMISSIONS[roleId]],
  };
}

/**
 * Seeds each branch's batch payments once, through the real services: uploaded by the manager,
 * validated, sent for approval, approved (or rejected) by the admin and paid by the processing,
 * at their dates in the past. Running it again changes nothing.
 */
export async function seedDemoBatches(
  db: Kysely<Database>,
  ledger: Ledger,
  branches: BranchStaff[],
  now: Date,
): Promise<void> {
  const seeded = await db
    .selectFrom('batch_payments')
    .select('id')
    .where(
      'merchant_id',
      'in',
      branches.map((branch) => branch.merchantId),
    )
    .limit(1)
    .executeTakeFirst();
  if (seeded) return;
  const settings = { feeSchedule: loadConfig({}).batches.feeSchedule };
  for (const branch of branches) {
    const accounts = await listAccounts(db, branch.merchantId);
    const wallet = accounts.find((account) => account.type === 'LYNK')!;
    // The second linked bank is the one whose bank refuses every transfer (demo-ledger.ts).
    const refusingBank = accounts.find(
      (account) => account.type === 'BANK_ACCOUNT' && account.details.account_id.endsWith('-2'),
    )!;
    for (const plan of DEMO_BATCHES) {
      const at = new Date(now.getTime() - plan.daysAgo * DAY);
      // Maker-checker (spec section 4): the manager uploads and sends, another user (the admin) decides.
      const maker = identity(branch, branch.manager, ROLE_IDS.MANAGER);
      const checker = identity(branch, branch.admin, ROLE_IDS.ADMIN);
      const csv = ['lynk_id,amount', ...plan.payees.map(([handle, amount]) => `${handle},${amount}`)].join(
        '\n',
      );
      const created = await createBatch(
        db,
        { identity: maker, ip: '127.0.0.1', now: at, settings, enqueue: null },
        {
          merchant_id: branch.merchantId,
          name: plan.name,
          file: DecodedFile.fromBase64(Buffer.from(csv).toString('base64')),
        },
        {
          scope: 'demo-batch',
          key: `demo-${randomBytes(8).toString('hex')}`,
          requestHash: 'demo-seed',
          expiresAt: new Date(at.getTime() + 60 * 60 * 1000),
        },
      );
      if (created.outcome !== 'accepted' && created.outcome !== 'replayed')
        throw new Error('Demo batch refused');
      const id = (created.body as { data: { id: number } }).data.id;
      const later = (minutes: number) => new Date(at.getTime() + minutes * 60_000);
      const validated = await validateBatch(db, id, later(1));
      if (plan.outcome === 'INVALID_PAYEE' || plan.outcome === 'VALIDATED') {
        if (validated !== plan.outcome) throw new Error(`Demo batch ${plan.name} ended ${validated}`);
        continue;
      }
      await requestApproval(
        db,
        { identity: maker, ip: '127.0.0.1', now: later(5), enqueueProcessing: null },
        id,
      );
      if (plan.outcome === 'PENDING_APPROVAL') continue;
      const review = { identity: checker, ip: '127.0.0.1', now: later(60), enqueueProcessing: null };
      if (plan.outcome === 'REJECTED') {
        await rejectBatch(db, review, id, 'Bonuses are paid with the December payroll');
        continue;
      }
      // The co-op run is funded from the bank account whose bank refuses transfers.
      const source = plan.outcome === 'FAILED' ? refusingBank : wallet;
      await approveBatch(db, review, id, {
        account_type: source.type as 'LYNK' | 'BANK_ACCOUNT',
        account_id: source.id,
      });
      const deps = { db, ledger, railStepSeconds: null, now: () => later(61) };
      let result = await processBatch(deps, id);
      if (result === 'WAITING') {
        const { cash_in_id: cashIn } = await db
          .selectFrom('batch_payments')
          .select('cash_in_id')
          .where('id', '=', id)
          .executeTakeFirstOrThrow();
        await advanceBankTransfer(db, ledger, cashIn!, later(62));
        await advanceBankTransfer(db, ledger, cashIn!, later(63));
        result = await processBatch(deps, id);
      }
      if (result !== plan.outcome) throw new Error(`Demo batch ${plan.name} ended ${result}`);
    }
  }
}
