import { sql, type Kysely } from 'kysely';
import { Migrator, type Migration, type MigrationProvider } from 'kysely/migration';
import { installFunctions } from './functions/install.ts';
import * as core from './migrations/0001-core.ts';
import * as ledger from './migrations/0002-ledger.ts';
import * as transferCounts from './migrations/0003-transfer-counts.ts';
import * as ledgerIntegrity from './migrations/0004-ledger-integrity.ts';
import * as ledgerEngine from './migrations/0005-ledger-engine.ts';
import * as orders from './migrations/0006-orders.ts';
import * as batchPayments from './migrations/0007-batch-payments.ts';
import * as batchProcessing from './migrations/0008-batch-processing.ts';
import * as batchFileSlices from './migrations/0009-batch-file-slices.ts';
import * as notificationReads from './migrations/0010-notification-reads.ts';
import * as notificationPreferences from './migrations/0011-notification-preferences.ts';
import * as staffActivation from './migrations/0012-staff-activation.ts';
import * as reportExports from './migrations/0013-report-exports.ts';
import * as twoFactor from './migrations/0014-two-factor.ts';
import * as batchFileParts from './migrations/0015-batch-file-parts.ts';
import * as listingChangeNotify from './migrations/0016-listing-change-notify.ts';
import * as batchRequestedBy from './migrations/0017-batch-requested-by.ts';
import * as sharedLimits from './migrations/0018-shared-limits.ts';
import * as auditAppendOnly from './migrations/0019-audit-append-only.ts';
import * as sessionEndsNotify from './migrations/0020-session-ends-notify.ts';
import * as cashierShifts from './migrations/0021-cashier-shifts.ts';
import * as backgroundExports from './migrations/0022-background-exports.ts';
import * as analyticsRollups from './migrations/0023-analytics-rollups.ts';

// Listed here rather than read from disk, so the bundle-free Node runtime and tests agree on the set.
const migrations: Record<string, Migration> = {
  '0001-core': core,
  '0002-ledger': ledger,
  '0003-transfer-counts': transferCounts,
  '0004-ledger-integrity': ledgerIntegrity,
  '0005-ledger-engine': ledgerEngine,
  '0006-orders': orders,
  '0007-batch-payments': batchPayments,
  '0008-batch-processing': batchProcessing,
  '0009-batch-file-slices': batchFileSlices,
  '0010-notification-reads': notificationReads,
  '0011-notification-preferences': notificationPreferences,
  '0012-staff-activation': staffActivation,
  '0013-report-exports': reportExports,
  '0014-two-factor': twoFactor,
  '0015-batch-file-parts': batchFileParts,
  '0016-listing-change-notify': listingChangeNotify,
  '0017-batch-requested-by': batchRequestedBy,
  '0018-shared-limits': sharedLimits,
  '0019-audit-append-only': auditAppendOnly,
  '0020-session-ends-notify': sessionEndsNotify,
  '0021-cashier-shifts': cashierShifts,
  '0022-background-exports': backgroundExports,
  '0023-analytics-rollups': analyticsRollups,
};

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * Whether some migration has not run yet. One read of Kysely's own table: the Migrator, which
 * creates its tables and takes its lock first, cost a restart a quarter of a second to learn that
 * nothing was to be done. A database without that table (a new one) has everything pending; one
 * that does not answer throws (readiness tells the two apart).
 */
export async function migrationsPending(db: Kysely<unknown>): Promise<boolean> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(db);
    const done = new Set(rows.map((row) => row.name));
    return Object.keys(migrations).some((name) => !done.has(name));
  } catch (error) {
    if ((error as { code?: string }).code === UNDEFINED_TABLE) return true;
    throw error;
  }
}

/** PostgreSQL's SQLSTATE for a table that does not exist. */
const UNDEFINED_TABLE = '42P01';

/** Runs what has not run yet; answers the names of the migrations it ran. */
export async function migrateToLatest(db: Kysely<unknown>): Promise<string[]> {
  const ran = (await migrationsPending(db)) ? await runMigrations(db) : [];
  await installFunctions(db);
  return ran;
}

async function runMigrations(db: Kysely<unknown>): Promise<string[]> {
  // Migrations written side by side may land out of their numbers' order; each stands alone, so a
  // database that already ran a later one still takes an earlier one it has not run.
  const { error, results } = await new Migrator({
    db,
    provider,
    allowUnorderedMigrations: true,
  }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`Migration ${failed?.migrationName ?? ''} failed`, { cause: error });
  }
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
