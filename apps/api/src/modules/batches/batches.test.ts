import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_UPLOAD_BODY_LIMIT } from '@lynk/contract/batches';
import { BATCH_FILE_MAX_BYTES } from '@lynk/contract/constants';
import { MESSAGES, PRODUCT_MESSAGES } from '@lynk/contract/messages';
import { newKey } from '../../test/accounts.ts';
import { createBatchPayees } from '../../test/batch-world.ts';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { createConsumer } from '../../world/consumers.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';
import { validateBatch } from './jobs.ts';

let t: TestApp;
let manager: string;
let cashier: string;

beforeAll(async () => {
  t = await createTestApp();
  const cookie = async (email: string) => (await signIn(t.app, email, DEMO_PASSWORD)).jar.header();
  manager = await cookie('manager.kingston@bluemountain.example');
  cashier = await cookie('cashier.kingston@bluemountain.example');
  for (const handle of ['@batch.jane', '@batch.john', '@batch.mary', '@batch.gone']) {
    await createConsumer(t.database.db, t.app.ledger, {
      handle,
      email: `${handle.slice(1)}@customers.example`,
      displayName: handle,
      passwordHash: 'not-used-here',
      balance: 0n,
      at: new Date(),
    });
  }
  await sql`update consumers set active = false where handle = '@batch.gone'`.execute(t.database.db);
});
afterAll(async () => {
  await t.close();
});

const URL = '/api/payment/batch-payments';
const get = (url: string, cookie: string) => t.app.inject({ method: 'GET', url, headers: { cookie } });
const upload = (cookie: string, body: Record<string, unknown> | string, key: string | null = newKey()) =>
  t.app.inject({
    method: 'POST',
    url: URL,
    headers: {
      cookie,
      'x-lynk-csrf': '1',
      'content-type': 'application/json',
      ...(key ? { 'idempotency-key': key } : {}),
    },
    payload: typeof body === 'string' ? body : JSON.stringify(body),
  });
const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');
const fileBody = (text: string, extra: Record<string, unknown> = {}) => ({
  merchant_id: 1001,
  name: 'March payroll',
  file_name: 'payroll.csv',
  csv: base64(text),
  ...extra,
});

async function uploaded(text: string): Promise<number> {
  const response = await upload(manager, fileBody(text));
  expect(response.statusCode).toBe(201);
  return response.json().data.id as number;
}

async function batch(id: number, cookie = manager) {
  const response = await get(`${URL}/${id}`, cookie);
  expect(response.statusCode).toBe(200);
  return response.json().data;
}

const payees = (batchId: number) =>
  t.database.db
    .selectFrom('batch_payees')
    .select(['row_number', 'lynk_id', 'amount', 'fee', 'gct', 'status', 'error'])
    .where('batch_id', '=', batchId)
    .orderBy('row_number')
    .execute();

async function written() {
  const count = async (table: 'batch_payments' | 'batch_file_parts' | 'idempotency_keys' | 'audit_log') =>
    Number(
      (
        await t.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  return {
    batches: await count('batch_payments'),
    parts: await count('batch_file_parts'),
    keys: await count('idempotency_keys'),
  };
}

describe('POST /api/payment/batch-payments refusals', () => {
  const valid = 'lynk_id,amount\n@batch.jane,10\n';
  const overLimit = Buffer.alloc(BATCH_FILE_MAX_BYTES + 1, 'a').toString('base64');
  it.each([
    [
      'a file name not ending .csv',
      fileBody(valid, { file_name: 'payroll.xlsx' }),
      400,
      MESSAGES.batch.wrongFileType,
    ],
    [
      'a binary file named .csv',
      fileBody('', { csv: Buffer.from([0x50, 0x4b, 3, 4, 0]).toString('base64') }),
      400,
      MESSAGES.batch.wrongFileType,
    ],
    ['an empty file', fileBody(''), 400, MESSAGES.batch.fileTooLarge],
    ['a file of 20 MB and one byte', fileBody('', { csv: overLimit }), 400, MESSAGES.batch.fileTooLarge],
    ['malformed base64', fileBody('', { csv: 'not base64!' }), 400, PRODUCT_MESSAGES.batchFileUnreadable],
    [
      "another merchant's id",
      fileBody(valid, { merchant_id: 1002 }),
      404,
      PRODUCT_MESSAGES.batchMerchantNotFound,
    ],
    ['a name over 100 characters', fileBody(valid, { name: 'x'.repeat(101) }), 400, undefined],
    ['an unknown field', fileBody(valid, { extra: 1 }), 400, undefined],
    ['a missing csv', { merchant_id: 1001 }, 400, undefined],
    ['a merchant id out of range', fileBody(valid, { merchant_id: 2 ** 40 }), 400, undefined],
    ['a csv that is not a string', fileBody(valid, { csv: 12 }), 400, undefined],
    ['a nested member', fileBody(valid, { name: { first: 'x' } }), 400, undefined],
    ['an array for a body', JSON.stringify([fileBody(valid)]), 400, undefined],
    ['a name of a megabyte', fileBody(valid, { name: 'x'.repeat(1024 * 1024) }), 400, undefined],
    ['a second object after the body', `${JSON.stringify(fileBody(valid))}{}`, 400, undefined],
    [
      'padding inside the base64',
      fileBody('', { csv: 'QQ==QUFB' }),
      400,
      PRODUCT_MESSAGES.batchFileUnreadable,
    ],
  ])('refuses %s and writes nothing', async (_case, body, status, message) => {
    const before = await written();
    const response = await upload(manager, body);
    expect(response.statusCode).toBe(status);
    expect(response.json().code).toEqual(expect.any(String));
    if (message) expect(response.json().message).toBe(message);
    expect(await written()).toEqual(before);
  });

  it('refuses a body over the route limit (413, with the spec text) and malformed JSON (400), writing nothing', async () => {
    const before = await written();
    const huge = `{"merchant_id":1001,"csv":"${'A'.repeat(BATCH_UPLOAD_BODY_LIMIT)}"}`;
    const tooLarge = await upload(manager, huge);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toEqual({ code: 'BATCH_FILE_SIZE', message: MESSAGES.batch.fileTooLarge });
    expect((await upload(manager, '{"merchant_id":')).statusCode).toBe(400);
    expect(await written()).toEqual(before);
  });

  it('refuses a request with no body at all (400, not a 500), writing nothing', async () => {
    const before = await written();
    const response = await t.app.inject({
      method: 'POST',
      url: URL,
      headers: { cookie: manager, 'x-lynk-csrf': '1', 'idempotency-key': newKey() },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
    expect(await written()).toEqual(before);
  });

  it('refuses a user without batch-payments create (403) and a request without a key (400)', async () => {
    const before = await written();
    expect((await upload(cashier, fileBody(valid))).statusCode).toBe(403);
    const noKey = await upload(manager, fileBody(valid), null);
    expect(noKey.statusCode).toBe(400);
    expect(noKey.json().code).toBe('IDEMPOTENCY_KEY_REQUIRED');
    expect(await written()).toEqual(before);
  });

  it('keeps the 1 MB body limit on every other route', async () => {
    const elsewhere = await t.app.inject({
      method: 'POST',
      url: '/api/payment/customer-transactions',
      headers: { cookie: manager, 'x-lynk-csrf': '1', 'idempotency-key': newKey() },
      payload: { payload: 'x'.repeat(2 * 1024 * 1024) },
    });
    expect(elsewhere.statusCode).toBe(413);
  });
});

describe('a valid batch', () => {
  it('is stored NEW with an estimate of its rows, then validated with its totals in cents', async () => {
    // A spreadsheet's export: byte-order mark, quotes, CRLF, a Lynk ID without its @, a name column.
    const csv =
      '\uFEFFLynk_ID,Amount,Name\r\n@batch.jane,1250.50,"Doe, Jane"\r\n"batch.john","300",John\r\n@Batch.Mary,1,\r\n';
    const key = newKey();
    const first = await upload(manager, fileBody(csv), key);
    expect(first.statusCode).toBe(201);
    const id = first.json().data.id as number;
    const replay = await upload(manager, fileBody(csv), key);
    expect(replay.json().data.id).toBe(id);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    // The same key with another file is another request; JSON's escaped slash is the same base64.
    expect((await upload(manager, fileBody(`${csv}@batch.jane,1\r\n`), key)).statusCode).toBe(409);
    const escaped = JSON.stringify(fileBody(csv)).replaceAll('/', '\\/');
    expect(escaped).toContain('77u\\/');
    expect((await upload(manager, escaped, key)).headers['idempotent-replayed']).toBe('true');

    expect(await batch(id)).toMatchObject({
      status: 'NEW',
      name: 'March payroll',
      rows_checked: 0,
      rows_total: 3,
    });
    expect(await validateBatch(t.database.db, id, new Date())).toBe('VALIDATED');
    // Fees at 1 % each, rounded half up: 12.505 → 12.51, 3.00, 0.01; GCT 15 % of each: 1.88, 0.45, 0.00.
    expect(await batch(id)).toMatchObject({
      status: 'VALIDATED',
      payee_count: 3,
      subtotal: 155_150,
      lynk_fee: 1_552,
      lynk_fee_gct: 233,
      total: 156_935,
      rows_checked: 3,
      rows_total: 3,
      payees_not_paid: 3,
      created_by: 'Tanya Williams',
      reviewed_by: null,
      error: null,
    });
    expect((await payees(id)).map((p) => [p.status, p.fee, p.gct])).toEqual([
      ['VALID', '1251', '188'],
      ['VALID', '300', '45'],
      ['VALID', '1', '0'],
    ]);
    // A second run finds the batch no longer NEW and changes nothing.
    expect(await validateBatch(t.database.db, id, new Date())).toBeNull();
  });

  it('checks thousands of rows in chunks against set-based payees', async () => {
    const count = 4500;
    await createBatchPayees(t.database.db, 'bulk', count);
    const rows = Array.from({ length: count }, (_, i) => `@bulk.${i + 1},${(i % 900) + 1}.25`);
    const id = await uploaded(['lynk_id,amount', ...rows].join('\n'));
    const started = performance.now();
    expect(await validateBatch(t.database.db, id, new Date())).toBe('VALIDATED');
    const seconds = (performance.now() - started) / 1000;
    console.info(
      `validated ${count} rows in ${seconds.toFixed(2)} s (${Math.round(count / seconds)} rows/s, ${t.databaseUrl ? 'PostgreSQL' : 'embedded'})`,
    );
    const done = await batch(id);
    expect(done).toMatchObject({ payee_count: count, rows_checked: count, rows_total: count });
    const expected = rows.reduce((sum, row) => sum + Math.round(Number(row.split(',')[1]) * 100), 0);
    expect(done.subtotal).toBe(expected);
  });

  it('stores a file over 1 MiB in parts that join to the upload, and reads rows straddling them', async () => {
    const count = 10_000;
    await createBatchPayees(t.database.db, 'parts', count);
    // Quoted names with commas and quotes, 100 characters each: a part ends inside some of them.
    const name = (i: number) => `"Payee ${i}, ""the ${'x'.repeat(80)}""`.padEnd(102, 'y') + '"';
    const rows = Array.from({ length: count }, (_, i) => `@parts.${i + 1},${(i % 500) + 1}.00,${name(i)}`);
    const text = ['lynk_id,amount,name', ...rows].join('\r\n');
    const id = await uploaded(text);
    const parts = await t.database.db
      .selectFrom('batch_file_parts')
      .select(['part', 'bytes'])
      .where('batch_id', '=', id)
      .orderBy('part')
      .execute();
    expect(parts.map((p) => p.part)).toEqual([0, 1]);
    expect(Buffer.concat(parts.map((p) => Buffer.from(p.bytes))).toString('utf8')).toBe(text);
    expect(await validateBatch(t.database.db, id, new Date())).toBe('VALIDATED');
    expect(await batch(id)).toMatchObject({ payee_count: count, rows_checked: count });
    const last = await t.database.db
      .selectFrom('batch_payees')
      .select(['lynk_id', 'name'])
      .where('batch_id', '=', id)
      .where('row_number', '=', count)
      .executeTakeFirstOrThrow();
    expect(last).toEqual({
      lynk_id: `@parts.${count}`,
      name: name(count - 1)
        .slice(1, -1)
        .replaceAll('""', '"'),
    });
  });
});

describe('an invalid batch', () => {
  it('finds a payee repeated under another spelling, after the other errors of its row, and leaves it out of the totals', async () => {
    const csv = ['lynk_id,amount', '@batch.jane,100', 'Batch.Jane,20', '@BATCH.JANE,0', '@batch.john,5'].join(
      '\n',
    );
    const id = await uploaded(csv);
    expect(await validateBatch(t.database.db, id, new Date())).toBe('INVALID_PAYEE');
    const amountError = PRODUCT_MESSAGES.batchRowAmount('J$1.00', 'J$1,000,000.00');
    expect((await payees(id)).map((p) => [p.row_number, p.status, p.fee, p.error])).toEqual([
      [1, 'VALID', expect.any(String), null],
      [2, 'INVALID', '0', PRODUCT_MESSAGES.batchRowDuplicate(1)],
      [3, 'INVALID', '0', `${amountError} ${PRODUCT_MESSAGES.batchRowDuplicate(1)}`],
      [4, 'VALID', expect.any(String), null],
    ]);
    expect(await batch(id)).toMatchObject({ status: 'INVALID_PAYEE', payee_count: 4, subtotal: 10_500 });
  });

  it('ends INVALID_PAYEE with each row saying why, and its error log lists them', async () => {
    const csv = [
      'lynk_id,amount',
      '@batch.jane,100',
      '@nobody.here,50',
      '@batch.john,12.345',
      '@batch.jane,20',
      '@batch.mary,0',
      'bmc.kingston,10',
      '@batch.gone,10',
      '@bmc.ochorios,5,extra',
      '@bmc.montego,25',
    ].join('\n');
    const id = await uploaded(csv);
    expect(await validateBatch(t.database.db, id, new Date())).toBe('INVALID_PAYEE');
    const amountError = PRODUCT_MESSAGES.batchRowAmount('J$1.00', 'J$1,000,000.00');
    expect((await payees(id)).map((p) => [p.row_number, p.amount, p.status, p.error])).toEqual([
      [1, '10000', 'VALID', null],
      [2, '5000', 'INVALID', MESSAGES.payee.notFound],
      [3, null, 'INVALID', amountError],
      [4, '2000', 'INVALID', PRODUCT_MESSAGES.batchRowDuplicate(1)],
      [5, null, 'INVALID', amountError],
      [6, '1000', 'INVALID', MESSAGES.payee.notAllowed],
      [7, '1000', 'INVALID', MESSAGES.payee.notFound],
      [8, '500', 'INVALID', PRODUCT_MESSAGES.batchRowColumns],
      [9, '2500', 'VALID', null],
    ]);
    expect(await batch(id)).toMatchObject({
      status: 'INVALID_PAYEE',
      payee_count: 9,
      subtotal: 12_500,
      rows_checked: 9,
    });

    const log = await get(`${URL}/${id}/csv?include_errors=true`, manager);
    expect(log.statusCode).toBe(200);
    const text = Buffer.from(log.json().data.csv, 'base64').toString('utf8');
    const lines = text.trimEnd().split('\r\n');
    expect(lines[0]).toBe('row,lynk_id,amount,name,status,error');
    // The one CSV writer neutralises a cell that could start a formula ('@…').
    expect(lines[2]).toBe(`2,'@nobody.here,50,,INVALID,"${MESSAGES.payee.notFound}"`);
    expect(lines).toHaveLength(10);
    const plain = await get(`${URL}/${id}/csv`, manager);
    expect(Buffer.from(plain.json().data.csv, 'base64').toString('utf8').split('\r\n')[0]).toBe(
      'row,lynk_id,amount,name,status',
    );
    expect(plain.json().data.file_name).toBe('batch_March payroll.csv');
  });

  it.each([
    ['a part missing', 'missing'],
    ['a part too many', 'extra'],
  ] as const)('is never paid from a stored file that is not whole: %s', async (_case, change) => {
    // Header and rows of 64 bytes each: the first part (1 MiB) ends on a row's end, so the file
    // without its second part still reads as a good, shorter file.
    const lines = 20_000;
    await createBatchPayees(t.database.db, 'whole', lines);
    const line = (text: string) => `${text.padEnd(63)}\n`;
    const rows = Array.from({ length: lines - 1 }, (_, i) => line(`@whole.${i + 1},1.00,Payee ${i + 1}`));
    const id = await uploaded([line('lynk_id,amount,name'), ...rows].join(''));
    const parts = t.database.db;
    if (change === 'missing') {
      await parts.deleteFrom('batch_file_parts').where('batch_id', '=', id).where('part', '=', 1).execute();
    } else {
      const bytes = Buffer.from(line(`@whole.${lines},1.00,One more`));
      await parts.insertInto('batch_file_parts').values({ batch_id: id, part: 2, bytes }).execute();
    }
    expect(await validateBatch(t.database.db, id, new Date())).toBe('INVALID_PAYEE');
    expect(await payees(id)).toEqual([]);
    expect(await batch(id)).toMatchObject({
      status: 'INVALID_PAYEE',
      error: PRODUCT_MESSAGES.batchFileIncomplete,
      payee_count: 0,
      total: 0,
    });
  });

  it.each([
    ['a header without lynk_id and amount', 'id,value\n@batch.jane,10\n', PRODUCT_MESSAGES.batchCsvHeader],
    ['a header and no rows', 'lynk_id,amount\r\n', PRODUCT_MESSAGES.batchCsvEmpty],
    ['an unclosed quote', 'lynk_id,amount\n"@batch.jane,10\n', PRODUCT_MESSAGES.batchCsvQuotes(1)],
  ])('ends INVALID_PAYEE for %s, with no rows and the reason on the batch', async (_case, csv, error) => {
    const id = await uploaded(csv);
    expect(await validateBatch(t.database.db, id, new Date())).toBe('INVALID_PAYEE');
    expect(await payees(id)).toEqual([]);
    expect(await batch(id)).toMatchObject({ status: 'INVALID_PAYEE', error, payee_count: 0, total: 0 });
    const log = await get(`${URL}/${id}/csv?include_errors=true`, manager);
    expect(Buffer.from(log.json().data.csv, 'base64').toString('utf8')).toContain(error);
  });
});
