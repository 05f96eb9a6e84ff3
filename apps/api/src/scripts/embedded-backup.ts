import { createWriteStream, existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import type net from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import {
  BACKUP_REQUEST,
  claimControlSocket,
  connectToOwner,
  type ControlAnswer,
  sendAnswer,
} from '../db/control-socket.ts';
import { embeddedDataPath, openDatabase } from '../db/database.ts';
import { dumpEmbeddedDatabase, writeGzipped } from '../db/embedded-dump.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { folderStamp, readEmbeddedDump, writeAtomically } from './backup-files.ts';
import { printLedgerVerification } from './ledger-report.ts';

/**
 * Backup and restore of the embedded database (ADR 046). A running server makes the copy itself
 * and streams it on its control socket; without one, the folder is claimed and dumped here.
 */

/** A backup the server streamed, or one this process made with the folder to itself. */
export type BackupSource = 'the running server' | 'the data folder (no server running)';

export async function backupEmbedded(
  dataDir: string,
  file: string,
): Promise<{ size: number; source: BackupSource }> {
  const check = async (partial: string) => void (await readEmbeddedDump(partial));
  const owner = await connectToOwner(dataDir);
  if (owner) {
    const size = await writeAtomically(file, (partial) => receiveBackup(owner, partial), check);
    return { size, source: 'the running server' };
  }
  if (!existsSync(path.join(embeddedDataPath(dataDir), 'PG_VERSION'))) {
    throw new Error(`There is no embedded database in ${dataDir} to back up`);
  }
  const size = await withDataDir(dataDir, 'a backup', async () => {
    const database = await openDatabase({ dataDir });
    try {
      const { tar } = await dumpEmbeddedDatabase(database);
      return await writeAtomically(
        file,
        (partial) => writeGzipped(tar, createWriteStream(partial, { mode: 0o600 })),
        check,
      );
    } finally {
      await database.close();
    }
  });
  return { size, source: 'the data folder (no server running)' };
}

/** Asks the server on `owner` for a backup and writes what it streams to `file`. */
async function receiveBackup(owner: net.Socket, file: string): Promise<void> {
  owner.write(`${BACKUP_REQUEST}\n`);
  let answer: ControlAnswer | undefined;
  await pipeline(
    owner,
    async function* (chunks: AsyncIterable<Buffer>) {
      let head = Buffer.alloc(0);
      for await (const chunk of chunks) {
        if (answer) {
          yield chunk;
          continue;
        }
        head = Buffer.concat([head, chunk]);
        const newline = head.indexOf(0x0a);
        if (newline < 0) {
          if (head.length > 4096) throw new Error('The server answered something else than a backup');
          continue;
        }
        answer = JSON.parse(head.subarray(0, newline).toString('utf8')) as ControlAnswer;
        if (!answer.ok) throw new Error(`The server refused the backup: ${answer.error}`);
        yield head.subarray(newline + 1);
      }
      if (!answer) throw new Error('The server ended the connection without answering');
    },
    createWriteStream(file, { mode: 0o600 }),
  );
}

/** The server runs on this data folder: a restore would pull the database from under it. */
class ServerRunning extends Error {}

export interface RestoreReport {
  /** Where the database that was there is kept (never deleted by us); null when there was none. */
  keptAside: string | null;
  migrationsRun: string[];
  ledgerSound: boolean;
}

/**
 * Replaces the embedded database with the backup in `file`. Refuses, touching nothing, while a
 * server runs on the folder or when the file is not a backup of the embedded database. The backup
 * is loaded and migrated in a folder of its own first, so a backup that does not load leaves the
 * current database as it was; then the current `pgdata` is moved aside and the restored one put
 * in its place. The ledger is verified (printed) before the swap.
 */
export async function restoreEmbedded(dataDir: string, file: string, now: Date): Promise<RestoreReport> {
  const owner = await connectToOwner(dataDir);
  if (owner) {
    owner.destroy();
    throw new ServerRunning(
      `A server is running on ${dataDir} (its control socket answers): stop it, then restore`,
    );
  }
  const { tar, pgVersion } = await readEmbeddedDump(file);
  return withDataDir(dataDir, 'a restore', async () => {
    const stamp = folderStamp(now);
    const staging = path.join(dataDir, `restoring-${stamp}`);
    console.log(`restoring ${file} (PostgreSQL ${pgVersion} data folder) into ${embeddedDataPath(dataDir)}`);
    try {
      const database = await openDatabase({
        dataDir: staging,
        loadDataDir: new Blob([tar as Uint8Array<ArrayBuffer>]),
      });
      let migrationsRun: string[];
      let ledgerSound: boolean;
      try {
        migrationsRun = await migrateToLatest(database.db as never);
        console.log(
          migrationsRun.length === 0
            ? 'migrations: the backup is up to date'
            : `migrations run on the backup: ${migrationsRun.join(', ')}`,
        );
        ledgerSound = await printLedgerVerification(database.db);
      } finally {
        await database.close();
      }
      const current = embeddedDataPath(dataDir);
      const keptAside = existsSync(current) ? `${current}.before-restore-${stamp}` : null;
      if (keptAside) await rename(current, keptAside);
      await rename(embeddedDataPath(staging), current);
      return { keptAside, migrationsRun, ledgerSound };
    } finally {
      await rm(staging, { recursive: true, force: true });
    }
  });
}

/** Runs `work` holding the data folder's control socket, so that no server starts on it meanwhile. */
async function withDataDir<T>(dataDir: string, what: string, work: () => Promise<T>): Promise<T> {
  const controlSocket = await claimControlSocket({ dataDir });
  if (!controlSocket) throw new Error(`${dataDir} is not a folder: there is nothing to back up or restore`);
  controlSocket.answer(async (_request, socket) =>
    sendAnswer(socket, { ok: false, error: `${what} is using the data folder` }),
  );
  try {
    return await work();
  } finally {
    await controlSocket.close();
  }
}
