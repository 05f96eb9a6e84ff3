import { sql } from 'kysely';
import { expectSoundLedger } from '../../test/ledger.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { balanceOf, branchAccounts, postTransfer } from '../../test/accounts.ts';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';
import { postEntry, verifyLedger } from './service.ts';

// Rows are written with plain SQL, as a hand-written fix would, or as a bug inside the engine would
// (which runs with the writer flag set): the database must refuse.
let t: TestApp;
let settlement: number;
let fees: number;
let jamDexSettlement: number;

beforeAll(async () => {
  t = await createTestApp();
  settlement = await t.app.ledger.internalAccount('bankSettlement', null);
  fees = await t.app.ledger.internalAccount('fees', null);
  jamDexSettlement = await t.app.ledger.internalAccount('cbdcSettlementJamDex', null);
});
afterAll(async () => {
  await t.close();
});

/** Writes one journal entry and its postings in one transaction, as raw SQL. */
async function writeEntry(
  postings: { account: number; currency: string; amount: number }[],
  { asEngine = true, statementPerPosting = false } = {},
) {
  await t.database.db.transaction().execute(async (trx) => {
    if (asEngine) await sql`select set_config('lynk.ledger_writer', 'engine', true)`.execute(trx);
    const entry = await sql<{ id: string }>`
      insert into journal_entries (kind, description) values ('TEST', 'raw') returning id`.execute(trx);
    const entryId = entry.rows[0]!.id;
    const rows = (some: typeof postings) =>
      sql.join(some.map((p) => sql`(${entryId}, ${p.account}, ${p.currency}, ${p.amount})`));
    if (postings.length === 0) return;
    if (!statementPerPosting) {
      await sql`insert into postings (entry_id, account_id, currency, amount) values ${rows(postings)}`.execute(
        trx,
      );
      return;
    }
    for (const p of postings) {
      await sql`insert into postings (entry_id, account_id, currency, amount) values ${rows([p])}`.execute(
        trx,
      );
    }
  });
}

const entryCount = async () =>
  Number(
    (await sql<{ n: string }>`select count(*)::text as n from journal_entries`.execute(t.database.db))
      .rows[0]!.n,
  );

describe('the database keeps the ledger consistent on its own', () => {
  it("refuses a posting whose currency is not its account's", async () => {
    const before = await entryCount();
    await expect(
      writeEntry([
        { account: settlement, currency: 'JAM-DEX', amount: -100 },
        { account: jamDexSettlement, currency: 'JAM-DEX', amount: 100 },
      ]),
    ).rejects.toThrow(/posting in JAM-DEX to account \d+ held in JMD/);
    expect(await entryCount()).toBe(before);
  });

  it('refuses, at commit, an entry whose postings do not sum to zero per currency', async () => {
    const before = await entryCount();
    await expect(
      writeEntry([
        { account: settlement, currency: 'JMD', amount: -100 },
        { account: fees, currency: 'JMD', amount: 99 },
      ]),
    ).rejects.toThrow(/does not balance in JMD/);
    await expect(writeEntry([{ account: fees, currency: 'JMD', amount: 100 }])).rejects.toThrow(
      /does not balance in JMD/,
    );
    expect(await entryCount()).toBe(before);
  });

  it('refuses postings from anyone but the ledger engine', async () => {
    const before = await entryCount();
    await expect(
      writeEntry(
        [
          { account: settlement, currency: 'JMD', amount: -100 },
          { account: fees, currency: 'JMD', amount: 100 },
        ],
        { asEngine: false },
      ),
    ).rejects.toThrow(/written by ledger_post_batch only/);
    expect(await entryCount()).toBe(before);
  });

  it('refuses an entry whose postings are spread over statements that do not balance on their own', async () => {
    const before = await entryCount();
    await expect(
      writeEntry(
        [
          { account: settlement, currency: 'JMD', amount: -100 },
          { account: fees, currency: 'JMD', amount: 100 },
        ],
        { statementPerPosting: true },
      ),
    ).rejects.toThrow(/does not balance in JMD/);
    expect(await entryCount()).toBe(before);
  });

  it('leaves an entry without postings (a bug in the engine) to the ledger verification, which finds it', async () => {
    // A database of its own: the entry cannot be taken back (the ledger is append-only).
    const other = await createTestApp();
    try {
      await other.database.db.transaction().execute(async (trx) => {
        await sql`select set_config('lynk.ledger_writer', 'engine', true)`.execute(trx);
        await sql`insert into journal_entries (kind, description) values ('TEST', 'empty')`.execute(trx);
      });
      expect((await verifyLedger(other.database.db)).violations.entriesWithTooFewPostings).toBe(1);
    } finally {
      await other.close();
    }
  });

  it('refuses to change or remove a posting or a journal entry', async () => {
    const db = t.database.db;
    await expect(sql`update postings set amount = amount * 2`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from postings`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`update journal_entries set description = 'edited'`.execute(db)).rejects.toThrow(
      /append-only/,
    );
    await expect(sql`delete from journal_entries`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`truncate postings, journal_entries`.execute(db)).rejects.toThrow(/append-only/);
  });

  it('still posts through the ledger service', async () => {
    await postEntry(t.app.ledger, {
      kind: 'TEST',
      createdAt: new Date(),
      postings: [
        { accountId: settlement, currency: 'JMD', amount: -5n },
        { accountId: fees, currency: 'JMD', amount: 5n },
      ],
    });
  });
});

describe('a broken ledger during a transfer', () => {
  it('answers 500, never "insufficient funds", and moves nothing', async () => {
    const { jar } = await signIn(t.app, 'admin.kingston@bluemountain.example', DEMO_PASSWORD);
    const accounts = await branchAccounts(t, 1001);
    // A wrong currency on the JAM-DEX wallet, as a bad data fix would leave it.
    await sql`update accounts set currency = 'JMD' where id = ${accounts.cbdc!}`.execute(t.database.db);
    const before = await balanceOf(t, accounts.wallet);
    const response = await postTransfer(t.app, jar.header(), accounts.wallet, {
      transfer_type: 'CASH_OUT',
      account_type: 'CBDC',
      account_id: accounts.cbdc,
      amount: 100_00,
    });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 'INTERNAL', message: 'Something went wrong on our side.' });
    expect(await balanceOf(t, accounts.wallet)).toBe(before);
    await sql`update accounts set currency = 'JAM-DEX' where id = ${accounts.cbdc!}`.execute(t.database.db);
    await expectSoundLedger(t.database.db);
  });
});
