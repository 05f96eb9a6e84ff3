import type { KyselyPlugin, RootOperationNode } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_FILE_MAX_BYTES } from '@lynk/contract/constants';
import { PRODUCT_MESSAGES } from '@lynk/contract/messages';
import { newKey } from '../../test/accounts.ts';
import { createBatchPayees } from '../../test/batch-world.ts';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';
import { BATCH_ROW_MAX_CHARACTERS, BATCH_ROW_MAX_VALUES, validateBatch } from './jobs.ts';

let t: TestApp;
let manager: string;
beforeAll(async () => {
  t = await createTestApp();
  manager = (await signIn(t.app, 'manager.kingston@bluemountain.example', DEMO_PASSWORD)).jar.header();
  await createBatchPayees(t.database.db, 'limits', 2);
});
afterAll(async () => {
  await t.close();
});

const URL = '/api/payment/batch-payments';

/** The file uploaded as a manager through the real route, stored NEW. */
async function uploaded(file: string | Buffer): Promise<number> {
  const response = await t.app.inject({
    method: 'POST',
    url: URL,
    headers: { cookie: manager, 'x-lynk-csrf': '1', 'idempotency-key': newKey() },
    payload: {
      merchant_id: 1001,
      name: 'Limits',
      file_name: 'limits.csv',
      csv: Buffer.from(file).toString('base64'),
    },
  });
  expect(response.statusCode).toBe(201);
  return response.json().data.id as number;
}

async function batch(id: number) {
  const response = await t.app.inject({ method: 'GET', url: `${URL}/${id}`, headers: { cookie: manager } });
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

const payeeRows = (batchId: number) =>
  t.database.db.selectFrom('batch_payees').select('row_number').where('batch_id', '=', batchId).execute();

/** What the merchant sees of a batch whose file was refused whole: the reason, no payees. */
async function expectFileRefused(id: number, error: string) {
  expect(await batch(id)).toMatchObject({ status: 'INVALID_PAYEE', error, payee_count: 0, total: 0 });
  expect(await payeeRows(id)).toEqual([]);
  const log = await t.app.inject({
    method: 'GET',
    url: `${URL}/${id}/csv?include_errors=true`,
    headers: { cookie: manager },
  });
  expect(Buffer.from(log.json().data.csv, 'base64').toString('utf8')).toContain(error);
}

/** The largest heap seen (sampled every few milliseconds) while `work` runs, above the heap before it. */
async function heapGrowth<T>(work: () => Promise<T>): Promise<{ result: T; growth: number }> {
  const before = process.memoryUsage().heapUsed;
  let peak = before;
  const sample = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().heapUsed);
  }, 2);
  try {
    const result = await work();
    peak = Math.max(peak, process.memoryUsage().heapUsed);
    return { result, growth: peak - before };
  } finally {
    clearInterval(sample);
  }
}

const MB = 1024 * 1024;

describe('a file the validation refuses whole, whatever it holds', () => {
  it('ends a 20 MB file of one row of commas INVALID_PAYEE in bounded memory, and the API keeps answering', async () => {
    // The review's file: a header, then commas up to the upload limit on one line (~20 M values).
    const header = 'lynk_id,amount,name\n';
    const file = Buffer.alloc(BATCH_FILE_MAX_BYTES, ',');
    file.write(header);
    const id = await uploaded(file);

    const { result, growth } = await heapGrowth(() => validateBatch(t.database.db, id, new Date()));
    expect(result).toBe('INVALID_PAYEE');
    await expectFileRefused(
      id,
      PRODUCT_MESSAGES.batchRowTooLong(1, BATCH_ROW_MAX_VALUES, BATCH_ROW_MAX_CHARACTERS),
    );
    // The server runs with a 128 MB heap; the file's ~20 M values would take far more than that.
    expect(growth).toBeLessThan(32 * MB);
    // A second run (the queue's retry) finds the batch settled and changes nothing.
    expect(await validateBatch(t.database.db, id, new Date())).toBeNull();
  }, 60_000);

  it('refuses a row of more characters than a row may have, naming the row', async () => {
    const id = await uploaded(
      `lynk_id,amount,name\n@limits.1,10,Jane\n@limits.2,10,${'x'.repeat(BATCH_ROW_MAX_CHARACTERS)}\n`,
    );
    expect(await validateBatch(t.database.db, id, new Date())).toBe('INVALID_PAYEE');
    await expectFileRefused(
      id,
      PRODUCT_MESSAGES.batchRowTooLong(2, BATCH_ROW_MAX_VALUES, BATCH_ROW_MAX_CHARACTERS),
    );
  });

  it('refuses a quote left open to the end of a 20 MB file at the row size, not at the end of the file', async () => {
    const file = Buffer.alloc(BATCH_FILE_MAX_BYTES, 'x');
    file.write('lynk_id,amount,name\n@limits.1,10,"Jane');
    const id = await uploaded(file);
    expect(await validateBatch(t.database.db, id, new Date())).toBe('INVALID_PAYEE');
    await expectFileRefused(
      id,
      PRODUCT_MESSAGES.batchRowTooLong(1, BATCH_ROW_MAX_VALUES, BATCH_ROW_MAX_CHARACTERS),
    );
  }, 60_000);

  it('checks rows of as many values as a row may have (empty columns a spreadsheet adds) one by one', async () => {
    const empties = ','.repeat(BATCH_ROW_MAX_VALUES - 3);
    const id = await uploaded(
      `lynk_id,amount,name${empties}\n@limits.1,10,Jane${empties}\n@limits.2,10,John\n`,
    );
    expect(await validateBatch(t.database.db, id, new Date())).toBe('INVALID_PAYEE');
    const stored = await t.database.db
      .selectFrom('batch_payees')
      .select(['row_number', 'status', 'error'])
      .where('batch_id', '=', id)
      .orderBy('row_number')
      .execute();
    expect(stored).toEqual([
      { row_number: 1, status: 'VALID', error: null },
      { row_number: 2, status: 'INVALID', error: PRODUCT_MESSAGES.batchRowColumns },
    ]);
  });

  it('refuses a row of one value more than a row may have, naming the row', async () => {
    const empties = ','.repeat(BATCH_ROW_MAX_VALUES - 3);
    const id = await uploaded(`lynk_id,amount,name\n@limits.1,10,Jane\n@limits.2,10,John${empties},\n`);
    expect(await validateBatch(t.database.db, id, new Date())).toBe('INVALID_PAYEE');
    await expectFileRefused(
      id,
      PRODUCT_MESSAGES.batchRowTooLong(2, BATCH_ROW_MAX_VALUES, BATCH_ROW_MAX_CHARACTERS),
    );
  });

  it.each([
    [
      'a formula with a quote inside a value (finding 8)',
      'lynk_id,amount,name\n=cmd,100,=HYPERLINK("x","y")\n',
      1,
    ],
    ['a quote after the closing quote', 'lynk_id,amount,name\n@limits.1,10,Jane\n@limits.2,10,"John"x\n', 2],
    ['a quote never closed', 'lynk_id,amount\n"@limits.1,10\n', 1],
    ['a quote inside a column name', 'lynk_id,amount,na"me\n@limits.1,10,Jane\n', 0],
  ])('ends INVALID_PAYEE on %s, saying which row and how to write quotes', async (_case, csv, row) => {
    const id = await uploaded(csv);
    expect(await validateBatch(t.database.db, id, new Date())).toBe('INVALID_PAYEE');
    await expectFileRefused(id, PRODUCT_MESSAGES.batchCsvQuotes(row));
  });
});

/** Fails every read of a batch's stored file: the database, not the file, is at fault. */
const fileReadsFail: KyselyPlugin = {
  transformQuery(args) {
    const node = args.node as RootOperationNode & {
      from?: { froms: { table?: { identifier?: { name: string } } }[] };
    };
    if (node.from?.froms.some((from) => from.table?.identifier?.name === 'batch_file_parts'))
      throw new Error('connection lost');
    return args.node;
  },
  transformResult: async (args) => args.result,
};

describe('a validation the infrastructure interrupts', () => {
  it('throws for the queue to retry, and leaves the batch NEW to be checked again', async () => {
    const id = await uploaded('lynk_id,amount\n@limits.1,10\n');
    await expect(validateBatch(t.database.db.withPlugin(fileReadsFail), id, new Date())).rejects.toThrow(
      'connection lost',
    );
    expect(await batch(id)).toMatchObject({ status: 'NEW', error: null });
    expect(await validateBatch(t.database.db, id, new Date())).toBe('VALIDATED');
  });
});
