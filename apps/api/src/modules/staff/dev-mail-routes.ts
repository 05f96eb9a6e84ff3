import type { FastifyInstance } from 'fastify';
import { listDevMail } from './activation-repository.ts';
import { devMailPage } from './dev-mail-page.ts';

/** Messages the viewer shows, newest first. */
const SHOWN = 50;

/**
 * The development mail viewer: what this server would have emailed, had SMTP been configured.
 * Registered only outside production (app.ts); nothing here is ever sent anywhere.
 */
export async function devMailRoutes(app: FastifyInstance) {
  app.get('/dev/mail', { schema: { hide: true } }, async (_request, reply) => {
    const messages = await listDevMail(app.db, SHOWN);
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-store')
      .header('x-robots-tag', 'noindex, nofollow')
      .send(devMailPage(messages));
  });
}
