import { defineProject } from 'vitest/config';

/** The ledger and money-movement tests once more, on a real PostgreSQL server. */
export default defineProject({
  test: {
    name: 'api-postgres',
    environment: 'node',
    include: [
      // Only here: several server processes on one database (the embedded one is one process's).
      'src/**/*.postgres.test.ts',
      'src/modules/account/**/*.test.ts',
      'src/modules/ledger/*.property.test.ts',
      'src/modules/ledger/integrity.test.ts',
      // The audit log's append-only triggers, on the server production runs.
      'src/modules/audit/append-only.test.ts',
      'src/modules/ledger/limits.test.ts',
      'src/world/bank-rail.test.ts',
      'src/plugins/jobs.test.ts',
      'src/lib/idempotency.test.ts',
      'src/modules/ledger/engine.test.ts',
      'src/modules/ledger/engine.property.test.ts',
      'src/modules/ledger/crash.test.ts',
      'src/modules/orders/*.test.ts',
      // The analytics rollups under payments and refunds from two servers at once.
      'src/modules/analytics/*.test.ts',
      // Two closes of one shift at once meet for real only on PostgreSQL's connections.
      'src/modules/shifts/*.test.ts',
      'src/modules/batches/*.test.ts',
      // The super administrators' limit is counted under row locks: one place, two at once.
      'src/modules/staff/staff-super-admin.test.ts',
      'src/modules/notifications/low-balance.test.ts',
      // The listing cache hears changes on a connection of its own there (ADR 032).
      'src/plugins/listing-cache*.test.ts',
      // So does a server refusing the bearer tokens of a member changed on another one.
      'src/modules/session/bearer-memberships.test.ts',
      // And a session ended on one server, refused at once by the others.
      'src/modules/session/session-ends.test.ts',
      // An idle connection ended by the server must not end the process.
      'src/db/lost-connection.test.ts',
      // Every route as every caller: the tenants' isolation holds on PostgreSQL's queries too.
      'src/authorisation-matrix.test.ts',
      // Two servers on one database draw on one budget of each limit and share every lock-out.
      'src/modules/limits/*.test.ts',
      // The metrics there: the ledger's pool of its own beside the main one, pg-boss's counts.
      'src/plugins/metrics.test.ts',
      // "Export all": one run at a time under the export's row lock, a dead run taken over.
      'src/modules/reporting/export-all.test.ts',
    ],
    globalSetup: ['src/test/postgres-global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
  },
});
