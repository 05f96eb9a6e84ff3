import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../../db/database.ts';
import { sessionRoutes } from './routes.ts';
import type { SessionService } from './service.ts';

/** The portal's sign-in, session and sign-out (the BFF, ADR 002; ADR 044). */
export const sessionPlugin = fp(async function session(
  app: FastifyInstance,
  opts: { sessions: SessionService; publicUrl: string; database?: DatabaseHandle | undefined },
) {
  await app.register(sessionRoutes, { sessions: opts.sessions, publicUrl: opts.publicUrl });
  if (opts.database) {
    const feed = await opts.sessions.listen(opts.database, (error) =>
      app.log.warn(
        { err: error },
        'session ends: connection lost, sessions are checked again within seconds',
      ),
    );
    // Before the database closes: the embedded one's listener goes with it.
    app.addHook('onClose', () => feed.close());
  }
});
