import { mkdtemp, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase } from './database.ts';

describe('the embedded database on disk', () => {
  let root: string | undefined;
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('opens in a data folder whose parents do not exist yet', async () => {
    root = await mkdtemp(path.join(tmpdir(), 'lynk-database-'));
    const dataDir = path.join(root, 'not', 'there', 'yet');
    const database = await openDatabase({ dataDir });
    try {
      const answer = await sql<{ one: number }>`select 1 as one`.execute(database.db);
      expect(answer.rows).toEqual([{ one: 1 }]);
      expect((await stat(path.join(dataDir, 'pgdata'))).isDirectory()).toBe(true);
    } finally {
      await database.close();
    }
  });
});
