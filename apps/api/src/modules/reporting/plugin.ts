import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { jobLog } from '../../lib/job-log.ts';
import { EXPORT_ALL_JOB, exportsToResume, runExport, type ExportAllJob } from './export-all-job.ts';
import { exportAllRoutes } from './export-all-routes.ts';
import { reportingRoutes } from './routes.ts';

/** Every minute: exports queued with no job, or whose run died with its worker, are sent again. */
const RESUME_EXPORTS_JOB = 'report-export-all-resume';
const RESUME_EXPORTS_CRON = '* * * * *';

/**
 * The reports and their exports under /api/reporting and, when background jobs run, the "Export
 * all" files' writer (ADR 044: each module registers its own; ADR 045: a web instance only queues).
 */
export const reportingPlugin = fp(async function reporting(app: FastifyInstance) {
  const { boss } = app;
  if (boss) await boss.createQueue(EXPORT_ALL_JOB);
  await app.register(reportingRoutes, { prefix: '/api/reporting' });
  await app.register(exportAllRoutes, { prefix: '/api/reporting' });
  if (!boss || !app.runsJobs) return;
  const resume = async () => {
    for (const exportId of await exportsToResume(app.db, app.clock())) {
      await boss.send(EXPORT_ALL_JOB, { exportId } satisfies ExportAllJob);
    }
  };
  await boss.work<ExportAllJob>(EXPORT_ALL_JOB, async (jobs) => {
    for (const job of jobs) {
      const result = await runExport({ db: app.db, now: app.clock }, job.data.exportId);
      jobLog(app.log, job).info({ exportId: job.data.exportId, result }, 'export written');
    }
  });
  await boss.createQueue(RESUME_EXPORTS_JOB);
  await boss.work(RESUME_EXPORTS_JOB, resume);
  await boss.schedule(RESUME_EXPORTS_JOB, RESUME_EXPORTS_CRON);
  await resume();
});
