import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from '../../test/test-app.ts';
import { ACTIVATION_VALID_HOURS, deliverActivationMail } from './activation.ts';
import { createMailer } from './mailer.ts';
import { auditActions, cookieOf, newStaff, staffCalls } from '../../test/staff.ts';

let t: TestApp;
let call: ReturnType<typeof staffCalls>;
let admin: string;
const devMailer = createMailer({
  smtpUrl: undefined,
  from: 'Lynk <no-reply@lynk.example>',
  demo: true,
});
const PASSWORD = 'correct horse battery staple';

beforeAll(async () => {
  t = await createTestApp();
  call = staffCalls(t);
  admin = await cookieOf(t, 'admin.kingston');
});
afterAll(async () => {
  await t.close();
});

const outboxIdOf = async (email: string) =>
  (
    await t.database.db
      .selectFrom('mail_outbox')
      .select('id')
      .where('to_address', '=', email)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow()
  ).id;

/** Registers a cashier and delivers their activation email to the development mailbox; the link's path. */
async function register(email: string) {
  const created = await call.post(
    newStaff(email, 3, { display_name: 'Till <1>', show_qr_display_name: true }),
    admin,
  );
  expect(created.statusCode).toBe(201);
  const outboxId = await outboxIdOf(email);
  expect(
    await deliverActivationMail(t.database.db, outboxId, {
      mailer: devMailer,
      publicUrl: 'http://localhost:3000',
      now: new Date(),
    }),
  ).toBe('KEPT');
  const mail = await t.database.db
    .selectFrom('dev_mailbox')
    .selectAll()
    .where('to_address', '=', email)
    .orderBy('id', 'desc')
    .executeTakeFirstOrThrow();
  const link = new URL(mail.link!);
  return { member: created.json(), mail, path: link.pathname, token: link.pathname.split('/').pop()! };
}

const form = (path: string, fields: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });

describe('staff activation (docs/decisions/028)', () => {
  it('emails a single-use link whose token is stored only as a hash; the user sets a password and signs in', async () => {
    const { mail, path, token, member } = await register('till.one@example.com');
    expect(mail.subject).toBe('Activate your Lynk Merchant Portal account');
    expect(mail.text_body).toContain('Blue Mountain Coffee – Kingston');
    expect(mail.text_body).toContain(`expires in ${ACTIVATION_VALID_HOURS} hours`);
    const stored = await t.database.db.selectFrom('staff_activations').select('token_hash').execute();
    expect(stored.map((s) => s.token_hash)).not.toContain(token);
    expect(JSON.stringify(await t.database.db.selectFrom('mail_outbox').selectAll().execute())).not.toContain(
      token,
    );

    // Before activation there is no password to sign in with.
    const early = await signIn(t.app, 'till.one@example.com', PASSWORD);
    expect(early.lastResponse.statusCode).toBe(401);

    const page = await t.app.inject({ url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    expect(page.body).toContain('Activate your account');
    expect(page.body).toContain('Welcome, Till &lt;1&gt;.');

    const done = await form(path, { password: PASSWORD, confirmation: PASSWORD });
    expect(done.statusCode).toBe(200);
    expect(done.body).toContain('Account activated');

    expect(await auditActions(t, member.auth_id)).toEqual(['staff.created', 'staff.activated']);

    const flow = await signIn(t.app, 'till.one@example.com', PASSWORD);
    const session = await call.session(flow.jar.header());
    expect(session.statusCode).toBe(200);
    expect(session.json()).toMatchObject({ role: 'Cashier', displayName: 'Till <1>', org_id: 'org_1001' });

    const again = await form(path, {
      password: 'another long password',
      confirmation: 'another long password',
    });
    expect(again.statusCode).toBe(410);
    expect((await t.app.inject({ url: path })).statusCode).toBe(410);
  });

  it.each([
    ['pw.one@example.com', 'short', 'short', 'The password must have at least 12 characters.'],
    ['pw.two@example.com', 'password1234', 'password1234', 'This password is too easy to guess.'],
    ['barista.kim@example.com', 'barista.kim-secret', 'barista.kim-secret', 'must not contain your email'],
    ['pw.four@example.com', PASSWORD, `${PASSWORD}!`, 'The two passwords do not match.'],
  ])(
    '%s: refuses "%s" / "%s" with "%s", keeping the link usable',
    async (email, password, confirmation, message) => {
      const { path } = await register(email);
      const response = await form(path, { password, confirmation });
      expect(response.statusCode).toBe(400);
      expect(response.body).toContain('role="alert"');
      expect(response.body).toContain(message);
      expect((await t.app.inject({ url: path })).statusCode).toBe(200);
    },
  );

  it('refuses an expired link and an unknown one', async () => {
    const { path, member } = await register('till.three@example.com');
    await t.database.db
      .updateTable('staff_activations')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .where('user_id', '=', member.id)
      .execute();
    expect((await t.app.inject({ url: path })).statusCode).toBe(410);
    expect((await form(path, { password: PASSWORD, confirmation: PASSWORD })).statusCode).toBe(410);
    expect((await t.app.inject({ url: '/oidc/activate/not-a-real-token-at-all-xyz' })).statusCode).toBe(410);
  });

  it('a link stops working when its user is deleted', async () => {
    const { path, member } = await register('till.four@example.com');
    expect((await call.remove(member.id, admin)).statusCode).toBe(200);
    expect((await t.app.inject({ url: path })).statusCode).toBe(410);
  });

  it('records an SMTP failure and keeps the message pending for a retry', async () => {
    await call.post(newStaff('till.five@example.com', 2), admin);
    const outboxId = await outboxIdOf('till.five@example.com');
    const smtp = createMailer({
      smtpUrl: 'smtp://127.0.0.1:9',
      from: 'Lynk <no-reply@lynk.example>',
      demo: true,
    });
    await expect(
      deliverActivationMail(t.database.db, outboxId, {
        mailer: smtp,
        publicUrl: 'http://x',
        now: new Date(),
      }),
    ).rejects.toThrow();
    const row = await t.database.db
      .selectFrom('mail_outbox')
      .select(['status', 'attempts', 'last_error'])
      .where('id', '=', outboxId)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(row.last_error).toBeTruthy();
  });

  it('in production without SMTP, messages wait in the outbox', async () => {
    expect(createMailer({ smtpUrl: undefined, from: 'x <a@b.c>', demo: false })).toBeNull();
    await call.post(newStaff('till.six@example.com', 2), admin);
    const outboxId = await outboxIdOf('till.six@example.com');
    expect(
      await deliverActivationMail(t.database.db, outboxId, {
        mailer: null,
        publicUrl: 'http://x',
        now: new Date(),
      }),
    ).toBe('WAITING');
  });
});

describe('the development mail viewer', () => {
  it('lists kept messages with their links, escaped, and is never stored by a browser', async () => {
    await register('viewer@example.com');
    const response = await t.app.inject({ url: '/dev/mail' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    expect(response.body).toContain('Development mail viewer');
    expect(response.body).toContain('viewer@example.com');
    expect(response.body).toContain('Open the link in this email');
    expect(response.body).toContain('Till &lt;1&gt;');
    expect(response.body).not.toContain('Till <1>');
  });

  // Finding 1 of the second security review: anyone who could reach the viewer read a new admin's
  // activation link, set the password and took the account over.
  it.each([
    ['from another machine', { remoteAddress: '203.0.113.7' }],
    ['through a proxy on this machine', { headers: { 'x-forwarded-for': '203.0.113.7' } }],
    ['through a standard Forwarded header', { headers: { forwarded: 'for=203.0.113.7' } }],
    ['by a page that rebound its name to this machine', { headers: { host: 'attacker.example:3000' } }],
  ])('answers nobody %s: 403 and no link', async (_how, request) => {
    if (
      !(await t.database.db
        .selectFrom('dev_mailbox')
        .select('id')
        .where('to_address', '=', 'viewer.remote@example.com')
        .executeTakeFirst())
    ) {
      await register('viewer.remote@example.com');
    }
    const response = await t.app.inject({ url: '/dev/mail', ...request });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'LOOPBACK_ONLY',
      message: 'The mail viewer answers only on the machine the demo runs on.',
    });
    expect(response.body).not.toContain('viewer.remote@example.com');
  });

  it('answers this machine by a loopback name or the portal’s own', async () => {
    for (const host of ['localhost:3000', '127.0.0.1:3000', '[::1]:3000']) {
      const response = await t.app.inject({ url: '/dev/mail', headers: { host } });
      expect(response.statusCode, host).toBe(200);
    }
    expect((await t.app.inject({ url: '/dev/mail', remoteAddress: '::1' })).statusCode).toBe(200);
  });
});
