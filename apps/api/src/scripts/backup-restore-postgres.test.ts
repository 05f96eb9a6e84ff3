import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../db/database.ts';
import { createLedger } from '../modules/ledger/index.ts';
import { runScript } from '../test/backup-scripts.ts';
import { fundWallet } from '../test/batch-world.ts';
import { startPostgresForPgDump } from '../test/postgres-for-pg-dump.ts';
import { createDatabase, databaseUrl, testDatabaseName } from '../test/postgres-server.ts';
import { prepareDatabase } from './prepare.ts';

/**
 * `npm run backup` and `npm run restore` with DATABASE_URL (ADR 046): pg_dump and pg_restore from
 * PATH, on a throwaway server they can work with (see startPostgresForPgDump).
 */
const server = await startPostgresForPgDump();
const folders: string[] = [];
afterAll(async () => {
  if ('stop' in server) await server.stop();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

const KINGSTON = 1001;

async function kingstonWallet(database: DatabaseHandle) {
  const wallet = await database.db
    .selectFrom('accounts')
    .select(['id', 'balance'])
    .where('merchant_id', '=', KINGSTON)
    .where('type', '=', 'LYNK')
    .executeTakeFirstOrThrow();
  const { orders } = await database.db
    .selectFrom('orders')
    .select((eb) => eb.fn.countAll<string>().as('orders'))
    .executeTakeFirstOrThrow();
  return { id: wallet.id, balance: BigInt(wallet.balance), orders: Number(orders) };
}

describe.skipIf('unavailable' in server)('backup and restore on PostgreSQL', () => {
  it('restores the database as pg_dump found it, verifies the ledger, and refuses a file that is no dump', async () => {
    if (!('serverUrl' in server)) return;
    const name = testDatabaseName('lynk_backup');
    await createDatabase(server.serverUrl, name);
    const url = databaseUrl(server.serverUrl, name);
    const dataDir = await mkdtemp(path.join(tmpdir(), 'lynk-pg-backup-'));
    folders.push(dataDir);
    const env = { DATABASE_URL: url, DATA_DIR: dataDir };

    const database = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
    const ledger = createLedger(database.db);
    let atBackup: Awaited<ReturnType<typeof kingstonWallet>>;
    let file: string;
    try {
      await prepareDatabase(database.db, { demo: true, now: new Date() });
      atBackup = await kingstonWallet(database);
      const backup = await runScript('backup', [], env);
      expect(backup.stderr).toBe('');
      expect(backup.stdout).toMatch(/backup written by pg_dump: .*\/backups\/lynk-.*\.pgdump \(\d+ bytes/);
      file = /backup written by pg_dump: (\S+)/.exec(backup.stdout)![1]!;
      // Money moves after the copy: the restore must take it back.
      await fundWallet(database.db, ledger, KINGSTON, atBackup.id, 5_000_00n);
      await ledger.drain();
      expect((await kingstonWallet(database)).balance).toBe(atBackup.balance + 5_000_00n);
    } finally {
      await database.close();
    }

    const notADump = path.join(dataDir, 'notes.pgdump');
    await writeFile(notADump, 'not a database');
    const refused = await runScript('restore', [notADump], env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('is not a pg_dump archive');

    const restore = await runScript('restore', [file], env);
    expect(restore.stderr).toBe('');
    expect(restore.stdout).toContain('ledger verified: sound');
    expect(restore.code).toBe(0);
    const restored = await openDatabase({ databaseUrl: url, dataDir: 'memory://' });
    try {
      expect(await kingstonWallet(restored)).toEqual(atBackup);
    } finally {
      await restored.close();
    }
  }, 120_000);
});
