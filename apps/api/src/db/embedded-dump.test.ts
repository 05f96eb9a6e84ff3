import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from './database.ts';
import { dumpEmbeddedDatabase } from './embedded-dump.ts';

const opened: DatabaseHandle[] = [];
afterEach(async () => {
  for (const database of opened.splice(0)) await database.close();
});

async function open(loadDataDir?: Blob) {
  const database = await openDatabase({ dataDir: 'memory://', ...(loadDataDir ? { loadDataDir } : {}) });
  opened.push(database);
  return database;
}

describe('a copy of the embedded database', () => {
  it('waits for the transaction under way and holds all of it', async () => {
    const database = await open();
    await sql`create table moves (amount int not null)`.execute(database.db);
    let copy: Promise<{ tar: Blob }> | undefined;
    await database.db.transaction().execute(async (trx) => {
      await sql`insert into moves values (-100)`.execute(trx);
      // Asked for in the middle of a transaction: the copy must not see it half done.
      copy = dumpEmbeddedDatabase(database);
      await new Promise((resolve) => setTimeout(resolve, 50));
      await sql`insert into moves values (100)`.execute(trx);
    });
    const { tar } = await copy!;

    const loaded = await open(tar);
    const { rows } = await sql<{ amount: number }>`select amount from moves order by amount`.execute(
      loaded.db,
    );
    expect(rows.map((row) => row.amount)).toEqual([-100, 100]);
  });
});
