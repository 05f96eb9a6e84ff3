import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { BACKUP_REQUEST, type ControlSocket, sendAnswer } from '../db/control-socket.ts';
import type { DatabaseHandle } from '../db/database.ts';
import { dumpEmbeddedDatabase, writeGzipped } from '../db/embedded-dump.ts';

export interface BackupSocketOptions {
  /** The data folder's control socket this server claimed; null when it has none (PostgreSQL, memory). */
  controlSocket: ControlSocket | null;
  database: DatabaseHandle;
}

/**
 * `npm run backup` while the server runs (ADR 046): the one process that may read the embedded
 * database is this one, so it makes the copy and streams it on its control socket. One backup at
 * a time; the socket closes with the app, after the backup being written.
 */
export const backupSocketPlugin = fp(async function backupSocket(
  app: FastifyInstance,
  { controlSocket, database }: BackupSocketOptions,
) {
  if (!controlSocket) return;
  let busy = false;
  controlSocket.answer(async (request, socket) => {
    if (request !== BACKUP_REQUEST)
      return sendAnswer(socket, { ok: false, error: `unknown request “${request}”` });
    if (busy) return sendAnswer(socket, { ok: false, error: 'a backup is already being written' });
    busy = true;
    let answered = false;
    try {
      const { tar, heldMs } = await dumpEmbeddedDatabase(database);
      sendAnswer(socket, { ok: true });
      answered = true;
      await writeGzipped(tar, socket);
      app.log.info({ bytes: tar.size, heldMs: Math.round(heldMs) }, 'backup written to the control socket');
    } catch (error) {
      app.log.error({ err: error }, 'backup on the control socket failed');
      // Cut short, the gzip stream lacks its trailer: the client refuses what it received.
      if (answered) socket.destroy();
      else sendAnswer(socket, { ok: false, error: `the backup failed: ${String(error)}` });
    } finally {
      busy = false;
    }
  });
  app.addHook('onClose', () => controlSocket.close());
});
