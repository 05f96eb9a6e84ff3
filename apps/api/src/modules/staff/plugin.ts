import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { devMailRoutes } from './dev-mail-routes.ts';
import { createStaffMailQueue, startStaffMail } from './jobs.ts';
import type { Mailer } from './mailer.ts';
import { staffRoutes, type StaffRoutesOptions } from './routes.ts';

export interface StaffPluginOptions extends StaffRoutesOptions {
  /** The demo's mail viewer (/dev/mail) is served; never in production. */
  demo: boolean;
  /** Staff activation emails: where they go, and the address their links start with. */
  mail: { mailer: Mailer | null; publicUrl: string };
}

/**
 * Staff and roles under /api/profile, the demo's mail viewer and, when background jobs run, the
 * delivery of activation emails (ADR 028, 044).
 */
export const staffPlugin = fp(async function staff(app: FastifyInstance, opts: StaffPluginOptions) {
  await app.register(staffRoutes, { prefix: '/api/profile', endSessions: opts.endSessions });
  // What would have been emailed, in the demo only and to this machine only: never in production.
  if (opts.demo) await app.register(devMailRoutes, { publicUrl: opts.mail.publicUrl });
  if (!app.boss) return;
  await createStaffMailQueue(app.boss);
  if (app.runsJobs) await startStaffMail(app, app.boss, opts.mail);
});
