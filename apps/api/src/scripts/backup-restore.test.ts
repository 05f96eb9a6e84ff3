import { copyFile, mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { setTimeout } from 'node:timers/promises';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { controlSocketPath } from '../db/control-socket.ts';
import { runScript } from '../test/backup-scripts.ts';
import { Browser } from '../test/faults/http.ts';
import { runMoneyLoad } from '../test/faults/money-load.ts';
import { faultServer, type FaultServer } from '../test/faults/server.ts';
import { balancesOf, prepareFaultWorld, withFaultDatabase, worldAccounts } from '../test/faults/world.ts';

/**
 * `npm run backup` and `npm run restore` on the embedded database (ADR 046), against the real
 * server started as its own process on a copy of the seeded demo.
 */

const folders: string[] = [];
const servers: FaultServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
  for (const folder of folders) await rm(folder, { recursive: true, force: true });
});

async function folder(name: string) {
  const made = await mkdtemp(path.join(tmpdir(), `lynk-${name}-`));
  folders.push(made);
  return made;
}

const added = (before: Map<number, bigint>, deltas: Map<number, bigint>) =>
  new Map([...before].map(([account, balance]) => [account, balance + (deltas.get(account) ?? 0n)]));

/** A demo admin the money load never signs in: a second factor, read with the install's key. */
const MONTEGO_ADMIN = 'admin.montego@bluemountain.example';

describe('backup and restore of the embedded database', () => {
  it('copies the running server consistently, refuses what it must, and restores the moment of the copy', async () => {
    const dataDir = await folder('backup');
    const target = { dataDir };
    const world = await prepareFaultWorld(target, {
      load: new Blob([await readFile(inject('seededDatabase'))]),
    });
    const accounts = worldAccounts(world);
    const before = await withFaultDatabase(target, (db) => balancesOf(db, accounts));
    const server = await faultServer(target);
    servers.push(server);
    await server.start();
    // Only the owner's user may ask for a copy; and a second server would corrupt the folder.
    expect((await stat(controlSocketPath(dataDir))).mode & 0o777).toBe(0o600);
    await expect((await faultServer(target)).start()).rejects.toThrow(/Another process holds/);

    // One copy is taken while money moves (after the load's sign-ins), one once it has stopped.
    const busy = path.join(dataDir, 'backups', 'busy.tar.gz');
    const [load, busyBackup] = await Promise.all([
      runMoneyLoad(server.baseUrl, world, { operations: 40, concurrency: 4 }),
      setTimeout(1_000).then(() => runScript('backup', [busy], { DATA_DIR: dataDir })),
    ]);
    expect(load.errors).toEqual([]);
    expect(busyBackup.stderr).toBe('');
    expect(busyBackup.stdout).toContain(`backup written from the running server: ${busy}`);
    const quiet = path.join(dataDir, 'backups', 'quiet.tar.gz');
    expect((await runScript('backup', [quiet], { DATA_DIR: dataDir })).code).toBe(0);

    // Not while the server has the folder: nothing is touched.
    const entries = await readdir(dataDir);
    const refused = await runScript('restore', [quiet], { DATA_DIR: dataDir });
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('A server is running');
    expect(await readdir(dataDir)).toEqual(entries);

    await server.stop();
    expect(await readdir(dataDir)).not.toContain(path.basename(controlSocketPath(dataDir)));

    // With no server running the command opens the folder itself, into DATA_DIR/backups by default.
    const offline = await runScript('backup', [], { DATA_DIR: dataDir });
    expect(offline.stdout).toContain('backup written from the data folder (no server running)');
    expect(await readdir(path.join(dataDir, 'backups'))).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^lynk-\d{4}-\d\d-\d\dT\d\d-\d\d-\d\d\.\d{3}Z\.tar\.gz$/),
      ]),
    );

    // A file that is not a whole backup is refused before anything is touched.
    const notABackup = path.join(dataDir, 'notes.tar.gz');
    await writeFile(notABackup, 'not a database');
    const cut = path.join(dataDir, 'cut.tar.gz');
    await writeFile(cut, (await readFile(quiet)).subarray(0, 100_000));
    const unchanged = await readdir(dataDir);
    for (const bad of [notABackup, cut]) {
      const refusedFile = await runScript('restore', [bad], { DATA_DIR: dataDir });
      expect(refusedFile.code).toBe(1);
      expect(refusedFile.stderr).toMatch(/not a backup of the embedded database|damaged gzip/);
      expect(await readdir(dataDir)).toEqual(unchanged);
    }

    // Into a new folder with the install's secrets, as after losing the machine.
    const restoredDir = await folder('restored');
    await copyFile(path.join(dataDir, 'secrets.json'), path.join(restoredDir, 'secrets.json'));
    const restore = await runScript('restore', [quiet], { DATA_DIR: restoredDir });
    expect(restore.stderr).toBe('');
    expect(restore.stdout).toContain('ledger verified: sound');
    expect(restore.code).toBe(0);
    const restored = await withFaultDatabase({ dataDir: restoredDir }, (db) => balancesOf(db, accounts));
    expect(restored).toEqual(added(before, load.deltas));
    expect(restored).not.toEqual(before);
    const again = await faultServer({ dataDir: restoredDir });
    servers.push(again);
    await again.start();
    await new Browser(again.baseUrl, MONTEGO_ADMIN).signIn();
    await again.stop();

    // The copy taken under load, over the current database, which is kept aside.
    const busyRestore = await runScript('restore', [busy], { DATA_DIR: dataDir });
    expect(busyRestore.stdout).toContain('ledger verified: sound');
    expect(busyRestore.code).toBe(0);
    const after = await readdir(dataDir);
    const aside = after.filter((name) => name.startsWith('pgdata.before-restore-'));
    expect(aside).toHaveLength(1);
    expect(busyRestore.stdout).toContain(`kept in ${path.join(dataDir, aside[0]!)}`);
    expect(await readdir(path.join(dataDir, aside[0]!))).toContain('PG_VERSION');
    expect(after.filter((name) => name.startsWith('restoring-'))).toEqual([]);
  }, 180_000);
});
