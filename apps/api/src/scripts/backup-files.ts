import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';

/**
 * The backup files of `npm run backup` and `npm run restore` (ADR 046): where they go, how they
 * are written, and how a file is recognised before a restore touches anything.
 */

/** `DATA_DIR/backups/lynk-2026-11-28T10-15-30.123Z.tar.gz` (`.pgdump` for PostgreSQL). */
export function defaultBackupFile(dataDir: string, now: Date, extension: '.tar.gz' | '.pgdump'): string {
  const stamp = now.toISOString().replaceAll(':', '-');
  return path.join(dataDir, 'backups', `lynk-${stamp}${extension}`);
}

/** A timestamp for the folders a restore leaves beside `pgdata`. */
export function folderStamp(now: Date): string {
  return now.toISOString().replaceAll(':', '-');
}

/**
 * Has `write` write `file` under a temporary name beside it (mode 0600: a backup holds everything),
 * then flushes it to disk and renames it: the file is there whole, or not at all. `check` may
 * refuse what was written, which is then removed. Answers the file's size in bytes.
 */
export async function writeAtomically(
  file: string,
  write: (partial: string) => Promise<void>,
  check: (partial: string) => Promise<void>,
): Promise<number> {
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.partial-${process.pid}`;
  try {
    await write(partial);
    await check(partial);
    const handle = await open(partial, 'r');
    let size: number;
    try {
      await handle.sync();
      size = (await handle.stat()).size;
    } finally {
      await handle.close();
    }
    await rename(partial, file);
    return size;
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}

/** The file is not what the restore expects; nothing was touched. */
export class NotABackup extends Error {}

const TAR_BLOCK = 512;

/**
 * Reads a backup of the embedded database and answers its tar (PGlite's `dumpDataDir` format),
 * after checking that it is one whole: gzip or plain tar, every entry within the archive, and the
 * files a PostgreSQL data folder cannot be without (`PG_VERSION`, `global/pg_control`).
 */
export async function readEmbeddedDump(file: string): Promise<{ tar: Uint8Array; pgVersion: string }> {
  let bytes: Uint8Array = await readFile(file);
  if (bytes[0] === 0x1f && bytes[1] === 0x8b) {
    try {
      bytes = await promisify(gunzip)(bytes);
    } catch (error) {
      throw new NotABackup(`${file} is a damaged gzip file: ${(error as Error).message}`);
    }
  }
  const entries = tarEntries(bytes, file);
  const pgVersion = entries.get('PG_VERSION');
  if (pgVersion === undefined || !entries.has('global/pg_control')) {
    throw new NotABackup(
      `${file} is not a backup of the embedded database (no PostgreSQL data folder in it)`,
    );
  }
  const version = new TextDecoder().decode(pgVersion).trim();
  if (!/^\d+$/.test(version)) throw new NotABackup(`${file} has an unreadable PG_VERSION (“${version}”)`);
  return { tar: bytes, pgVersion: version };
}

/**
 * The entries of a ustar archive by name (without a leading `/`), the small files' contents kept
 * (PG_VERSION), the rest empty. Throws `NotABackup` for anything that is not a whole archive.
 */
function tarEntries(tar: Uint8Array, file: string): Map<string, Uint8Array> {
  const notTar = (why: string) => new NotABackup(`${file} is not a backup of the embedded database: ${why}`);
  const text = (from: number, length: number) =>
    new TextDecoder().decode(tar.subarray(from, from + length)).replace(/\0.*$/s, '');
  const entries = new Map<string, Uint8Array>();
  let at = 0;
  if (tar.length < TAR_BLOCK || !text(257, 5).startsWith('ustar'))
    throw notTar('neither gzip nor a tar archive');
  for (;;) {
    if (at + TAR_BLOCK > tar.length) throw notTar('the archive ends without its end marker');
    const header = tar.subarray(at, at + TAR_BLOCK);
    if (header.every((byte) => byte === 0)) break;
    if (!text(at + 257, 5).startsWith('ustar')) throw notTar('not a tar archive');
    let checksum = 0;
    for (let i = 0; i < TAR_BLOCK; i++) checksum += i >= 148 && i < 156 ? 0x20 : header[i]!;
    if (parseInt(text(at + 148, 8).trim(), 8) !== checksum) throw notTar('a damaged tar header');
    const prefix = text(at + 345, 155);
    const name = (prefix ? `${prefix}/${text(at, 100)}` : text(at, 100)).replace(/^\/+/, '');
    const size = parseInt(text(at + 124, 12).trim() || '0', 8);
    const dataAt = at + TAR_BLOCK;
    if (dataAt + size > tar.length) throw notTar(`${name} is cut short`);
    entries.set(name, size <= TAR_BLOCK ? tar.slice(dataAt, dataAt + size) : new Uint8Array(0));
    at = dataAt + Math.ceil(size / TAR_BLOCK) * TAR_BLOCK;
  }
  return entries;
}
