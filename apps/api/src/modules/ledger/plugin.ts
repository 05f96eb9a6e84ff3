import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { verifyLedger } from './service.ts';

const VERIFY_LEDGER_JOB = 'ledger-verify';
/** Every hour: what the dropped foreign keys and per-row checks caught is looked for here (ADR 020). */
const VERIFY_LEDGER_CRON = '23 * * * *';

/** The ledger's hourly verification, when background jobs run (ADR 044: each module its own jobs). */
export const ledgerPlugin = fp(async function ledger(app: FastifyInstance) {
  const { boss } = app;
  if (!boss) return;
  await boss.createQueue(VERIFY_LEDGER_JOB);
  if (!app.runsJobs) return;
  await boss.work(VERIFY_LEDGER_JOB, async () => {
    const verification = await verifyLedger(app.db);
    const summary = { violations: verification.violations };
    if (verification.ok) app.log.info(summary, 'ledger verified');
    else app.log.error(summary, 'ledger verification FAILED');
  });
  await boss.schedule(VERIFY_LEDGER_JOB, VERIFY_LEDGER_CRON);
});
