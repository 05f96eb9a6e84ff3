import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_UPLOAD_BODY_LIMIT } from '@lynk/contract/batches';
import { MESSAGES } from '@lynk/contract/messages';
import { newKey } from '../../test/accounts.ts';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { DEMO_PASSWORD } from '../../world/demo-seed.ts';

let t: TestApp;
let manager: string;
let cashier: string;

beforeAll(async () => {
  t = await createTestApp();
  const cookie = async (email: string) => (await signIn(t.app, email, DEMO_PASSWORD)).jar.header();
  manager = await cookie('manager.kingston@bluemountain.example');
  cashier = await cookie('cashier.kingston@bluemountain.example');
});
afterAll(async () => {
  await t.close();
});

const CHUNK = 64 * 1024;

/**
 * An upload's body of `size` bytes (a file of base64 `A`s) that counts how much of it the server
 * pulls, handed out a chunk at a time as it is asked for.
 */
function countedBody(size: number) {
  const head = Buffer.from('{"merchant_id":1001,"name":"Payroll","file_name":"payroll.csv","csv":"');
  const tail = Buffer.from('"}');
  let pulled = 0;
  const stream = new Readable({
    read() {
      if (pulled === size) return this.push(null);
      const at = pulled;
      const end = Math.min(size, at + CHUNK);
      const chunk = Buffer.alloc(end - at, 'A');
      if (at < head.length) head.copy(chunk, 0, 0, Math.min(head.length, chunk.length));
      if (end > size - tail.length) tail.copy(chunk, chunk.length - (end - (size - tail.length)));
      pulled = end;
      this.push(chunk);
    },
  });
  return { stream, pulled: () => pulled };
}

/** The largest body the route takes (a file of 20 MiB in base64: 26.7 MiB), as the review sent. */
const LARGEST = BATCH_UPLOAD_BODY_LIMIT;

/** Posts a counted body of `size` bytes with these headers: the answer and the bytes pulled. */
async function uploadCounted(headers: Record<string, string>, size = LARGEST) {
  const body = countedBody(size);
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/payment/batch-payments',
    headers: {
      'content-type': 'application/json',
      'content-length': String(size),
      'idempotency-key': newKey(),
      ...headers,
    },
    payload: body.stream,
  });
  return { response, pulled: body.pulled() };
}

/** A refusal may have buffered the stream's first chunk or two, never the upload. */
const UNREAD = 4 * CHUNK;

/** Refused unread: the rest is not read off the connection either, which is closed instead. */
function expectUnread(response: { headers: Record<string, unknown> }, pulled: number) {
  expect(pulled).toBeLessThanOrEqual(UNREAD);
  expect(response.headers.connection).toBe('close');
}

describe('POST /api/payment/batch-payments refuses a caller without access before reading the body', () => {
  it('a permitted caller reads the body whole (what the refusals below are told apart from)', async () => {
    const size = 1024 * 1024;
    const { response, pulled } = await uploadCounted({ cookie: manager, 'x-lynk-csrf': '1' }, size);
    // A file of base64 `A`s is NUL bytes: a binary file, refused once it has been read.
    expect(response.json()).toEqual({ code: 'BATCH_FILE_TYPE', message: MESSAGES.batch.wrongFileType });
    expect(pulled).toBe(size);
    expect(response.headers.connection).not.toBe('close');
  });

  it('an anonymous upload of ~27 MB: 401', async () => {
    const { response, pulled } = await uploadCounted({});
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: 'UNAUTHENTICATED', message: MESSAGES.auth.notAuthenticated });
    expectUnread(response, pulled);
  });

  it('a signed-in user without batch-payments create: 403', async () => {
    const { response, pulled } = await uploadCounted({ cookie: cashier, 'x-lynk-csrf': '1' });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('FORBIDDEN');
    expectUnread(response, pulled);
  });

  it('a session without the CSRF header, or from another origin: 403', async () => {
    const refused: Record<string, string>[] = [
      { cookie: manager },
      { cookie: manager, 'x-lynk-csrf': '1', origin: 'https://elsewhere.example' },
    ];
    for (const headers of refused) {
      const { response, pulled } = await uploadCounted(headers);
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('CSRF_REJECTED');
      expectUnread(response, pulled);
    }
  });
});
