import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { USERS } from '../support/demo-users.ts';
import { expectAccessible, keepScreenshot, signInAs, test } from '../support/fixtures.ts';

// Ocho Rios (1003): its admin makes a transfer, approves a batch its manager sent, and registers a
// cashier; the audit log shows all three. The money moved is a few dollars to a beneficiary and
// to a wallet user, made through the API as the signed-in browsers (the screens that make them
// have journeys of their own); the audit screen is what this journey is about. Other journeys
// check this branch's balance to the cent, so this one runs after them (a later project).
const BRANCH = 1003;
const AUDIT_LOG = `/${BRANCH}/audit-log`;
const CUSTOMER_HANDLE = '@janedoe';

let keyCounter = 0;
const headers = () => ({
  'x-lynk-csrf': '1',
  'idempotency-key': `audit-journey-${Date.now()}-${++keyCounter}`,
});

async function postJson(request: APIRequestContext, url: string, data: object) {
  const response = await request.post(url, { headers: headers(), data });
  expect(response.status(), `${url}: ${await response.text()}`).toBeLessThan(300);
  return response.json();
}

async function accountsOf(request: APIRequestContext) {
  const response = await request.get('/api/account/v1/accounts');
  return (await response.json()).result as Array<{ id: number; type: string }>;
}

const auditTable = (page: Page) => page.getByRole('table', { name: 'Audit log' });

test('an admin transfers, approves a batch and registers a cashier; the audit log shows each, filtered and exported', async ({
  page,
  browser,
}) => {
  await signInAs(page, USERS.adminOchoRios, `/${BRANCH}/lynk-wallet/orders`);
  await expect(page).toHaveURL(new RegExp(`/${BRANCH}/lynk-wallet/orders$`));
  const accounts = await accountsOf(page.request);
  const wallet = accounts.find((account) => account.type === 'LYNK')!.id;
  const beneficiary = accounts.find((account) => account.type === 'BENEFICIARY')!.id;

  // 1. A transfer: J$1.00 to the branch's beneficiary.
  await postJson(page.request, `/api/account/v1/accounts/${wallet}/transfers`, {
    transfer_type: 'CASH_OUT',
    account_type: 'BENEFICIARY',
    account_id: beneficiary,
    amount: 1_00,
  });

  // 2. A batch approval: the manager sends a single payment of J$1.00, the admin approves it.
  const managerContext = await browser.newContext();
  const manager = await managerContext.newPage();
  await signInAs(manager, USERS.managerOchoRios, `/${BRANCH}/lynk-wallet/orders`);
  await expect(manager).toHaveURL(new RegExp(`/${BRANCH}/lynk-wallet/orders$`));
  const single = await postJson(manager.request, '/api/payment/batch-payments/single-payee', {
    lynk_id: CUSTOMER_HANDLE,
    amount: 1_00,
  });
  const batchId = single.payees[0].batch_id as number;
  await expect
    .poll(
      async () =>
        (await (await manager.request.get(`/api/payment/batch-payments/${batchId}`)).json()).data.status,
      { timeout: 20_000 },
    )
    .toBe('VALIDATED');
  await postJson(manager.request, `/api/payment/batch-payments/${batchId}/request`, {});
  await managerContext.close();
  await postJson(page.request, `/api/payment/batch-payments/${batchId}/approve`, {
    account_type: 'LYNK',
    account_id: wallet,
  });

  // 3. A staff change: a cashier registered (a unique email per run).
  const email = `audit.till.${Date.now()}@example.com`;
  await postJson(page.request, '/api/profile/v3/staff', {
    email,
    display_name: '',
    merchants: [{ merchant_id: BRANCH, role_id: 3 }],
  });

  // The admin opens the audit log from the side menu.
  await page.getByRole('navigation', { name: 'Side menu' }).getByRole('link', { name: 'Audit Log' }).click();
  await expect(page).toHaveURL(new RegExp(`${AUDIT_LOG}$`));
  await expect(page.getByRole('heading', { name: 'Audit Log', level: 2 })).toBeVisible();
  const table = auditTable(page);
  for (const action of ['transfer.created', 'batch.approved', 'staff.created']) {
    await expect(table.getByRole('row').filter({ hasText: action }).first()).toContainText('Marlon Thomas');
  }
  await expect(table.getByRole('row').filter({ hasText: 'batch.approved' }).first()).toContainText(
    String(batchId),
  );
  await expectAccessible(page);
  await keepScreenshot(page, 'audit-log');

  // Only the manager's rows, by part of their email; then one action.
  await page.getByRole('textbox', { name: 'Actor' }).fill('manager.ochorios');
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/actor=manager\.ochorios/);
  await expect(table.getByRole('row').filter({ hasText: 'batch.approval_requested' }).first()).toBeVisible();
  await expect(table.getByRole('row').filter({ hasText: 'Marlon Thomas' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Clear' }).click();
  await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Staff member registered' });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/action=staff\.created/);
  await expect(table.getByRole('row').nth(1)).toContainText('Staff member registered');
  await expectAccessible(page);

  // Export CSV: the filtered rows as a file.
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^audit-log_\d{4}-\d{2}-\d{2}\.csv$/);
});

test("the chain's super admin reads every branch's audit log on the corporate view", async ({ page }) => {
  await signInAs(page, USERS.superAdmin, '/audit-log');
  await expect(page).toHaveURL(/\/audit-log$/);
  await expect(page.getByRole('tab', { name: 'Audit Log', selected: true })).toBeVisible();
  const table = auditTable(page);
  await expect(table.getByRole('columnheader', { name: 'Branch' })).toBeVisible();
  // The seeded batches of every branch, each row naming its branch.
  await page.getByRole('combobox', { name: 'Action' }).selectOption({ label: 'Batch processed' });
  await page.getByRole('button', { name: 'Apply' }).click();
  await expect(page).toHaveURL(/action=batch\.processed/);
  for (const branch of ['Kingston', 'Montego Bay', 'Ocho Rios']) {
    await expect(table.getByRole('row').filter({ hasText: branch }).first()).toBeVisible();
  }
  await expectAccessible(page);
  await keepScreenshot(page, 'audit-log-corporate');
});
