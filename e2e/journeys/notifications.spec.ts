import { randomUUID } from 'node:crypto';
import { expect, type Browser, type Page } from '@playwright/test';
import { USERS } from '../support/demo-users.ts';
import { expectAccessible, keepScreenshot, signInAs, test } from '../support/fixtures.ts';

// Notifications here come from batches sent for approval: they move no money, so the journeys
// that check balances to the cent are not disturbed. The push, polling, page and settings journeys
// use Montego Bay (1002), where no other journey writes notifications, and run one after another
// (each starts by marking everything read, so the unread counts they expect are their own).
test.describe.configure({ mode: 'default' });

const UNSAFE = { 'x-lynk-csrf': '1' };

async function signedInPage(browser: Browser, email: string, path = '/') {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAs(page, email, path);
  await expect(page).not.toHaveURL(/\/oidc\//);
  return page;
}

/**
 * A manager of `merchantId` uploads a one-payee batch and sends it for approval, through the API
 * as the portal calls it; answers the batch id once the request for approval has been answered.
 */
async function sendBatchForApproval(manager: Page, merchantId: number): Promise<number> {
  const csv = Buffer.from('lynk_id,amount\nkemar.b,25\n').toString('base64');
  const created = await manager.request.post('/api/payment/batch-payments', {
    headers: { ...UNSAFE, 'idempotency-key': randomUUID() },
    data: { merchant_id: merchantId, name: `E2E notify ${Date.now()}`, csv },
  });
  expect(created.status()).toBe(201);
  const id = Number((await created.json()).data.id);
  await expect
    .poll(
      async () => (await (await manager.request.get(`/api/payment/batch-payments/${id}`)).json()).data.status,
    )
    .toBe('VALIDATED');
  const requested = await manager.request.post(`/api/payment/batch-payments/${id}/request`, {
    headers: { ...UNSAFE, 'idempotency-key': randomUUID() },
  });
  expect(requested.status()).toBe(200);
  return id;
}

async function markAllRead(page: Page) {
  const response = await page.request.put('/api/profile/notifications/read-all', { headers: UNSAFE });
  expect(response.status()).toBe(200);
}

const bellOf = (page: Page) => page.getByRole('banner').getByTestId('notification-bell');

test('a batch sent for approval appears in the admin’s bell; opening it shows its details, Review Payment its review page', async ({
  page,
  browser,
}) => {
  await signInAs(page, USERS.admin);
  await expect(page).toHaveURL(/\/1001\/lynk-wallet\/orders$/);
  const manager = await signedInPage(browser, USERS.manager);
  const id = await sendBatchForApproval(manager, 1001);

  await bellOf(page).click();
  const dropdown = page.getByTestId('notification-bell-dropdown');
  const item = dropdown.getByRole('button', { name: new RegExp(`Batch ${id} of`) });
  await expect(item).toBeVisible();
  await expect(item).toContainText('(unread)');
  await expect(bellOf(page)).toHaveAccessibleName(/^Notifications, \d+\+? unread$/);
  await keepScreenshot(page, 'notification-bell');
  await expectAccessible(page);
  await item.click();
  // Opened where the admin is (spec section 2), with its details and actions.
  const details = page.getByRole('dialog', { name: 'Batch payment to approve' });
  await expect(details.getByText(new RegExp(`Batch ${id} of`))).toBeVisible();
  await expect(page).toHaveURL(/\/1001\/lynk-wallet\/orders$/);
  await details.getByRole('button', { name: 'Review Payment' }).click();
  await expect(page).toHaveURL(new RegExp(`/1001/lynk-wallet/payment-history/review/${id}$`));
  await expect(page.getByTestId(`batch-review-${id}`)).toBeVisible();
  await manager.context().close();
});

test('the bell updates within a second of a new notification, pushed by the server', async ({
  page,
  browser,
}) => {
  const streams: number[] = [];
  page.on('response', (response) => {
    if (response.url().endsWith('/api/profile/notifications/stream')) streams.push(response.status());
  });
  await signInAs(page, USERS.adminMontego);
  await expect(page).toHaveURL(/\/1002\/lynk-wallet\/orders$/);
  await markAllRead(page);
  await page.reload();
  await expect(bellOf(page)).toHaveAccessibleName('Notifications');
  await expect.poll(() => streams).toContain(200);

  const manager = await signedInPage(browser, USERS.managerMontego);
  await sendBatchForApproval(manager, 1002);
  // No reload and no polling round (two minutes away): only the pushed event can do this.
  await expect(bellOf(page)).toHaveAccessibleName('Notifications, 1 unread', { timeout: 1_000 });
  await expect(page.getByTestId('notification-bell-badge')).toContainText('1');
  await manager.context().close();
});

test('with the event stream blocked, the bell still updates by its 2-minute polling', async ({ browser }) => {
  const context = await browser.newContext();
  const page = await context.newPage();
  let blocked = 0;
  await page.route('**/api/profile/notifications/stream', (route) => {
    blocked += 1;
    return route.abort();
  });
  await page.clock.install();
  await signInAs(page, USERS.adminMontego);
  await expect(page).toHaveURL(/\/1002\/lynk-wallet\/orders$/);
  await markAllRead(page);
  await page.reload();
  await expect(bellOf(page)).toHaveAccessibleName('Notifications');
  await expect.poll(() => blocked).toBeGreaterThan(0);

  const manager = await signedInPage(browser, USERS.managerMontego);
  await sendBatchForApproval(manager, 1002);
  await expect(bellOf(page)).toHaveAccessibleName('Notifications');
  await page.clock.fastForward('02:00');
  await expect(bellOf(page)).toHaveAccessibleName('Notifications, 1 unread');
  await manager.context().close();
  await context.close();
});

test('the notifications page: details with Review Payment, Return to Dashboard, and Mark All As Read flipping the order', async ({
  page,
  browser,
}) => {
  const manager = await signedInPage(browser, USERS.managerMontego);
  const id = await sendBatchForApproval(manager, 1002);
  await manager.context().close();
  await signInAs(page, USERS.adminMontego, '/1002/notifications');
  await expect(page).toHaveURL(/\/1002\/notifications\/all$/);
  await expect(page.getByRole('heading', { name: 'Notifications History' })).toBeVisible();
  const first = page.getByTestId('notification-item').first();
  await expect(first).toContainText(`Batch ${id} of`);
  await expect(first).toContainText('Unread');
  await expectAccessible(page);
  await keepScreenshot(page, 'notifications-page');

  await first.click();
  const details = page.getByRole('dialog', { name: 'Batch payment to approve' });
  await expect(details.getByText(new RegExp(`Batch ${id} of`))).toBeVisible();
  await expect(details.getByRole('button', { name: 'Review Payment' })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, 'notification-details');
  await details.getByRole('button', { name: 'Return to Dashboard' }).click();
  await expect(page).toHaveURL(/\/1002\/lynk-wallet(\/orders)?$/);

  await page.goto('/1002/notifications/all');
  await page.getByTestId('notification-item').first().click();
  await page
    .getByRole('dialog', { name: 'Batch payment to approve' })
    .getByRole('button', { name: 'Review Payment' })
    .click();
  await expect(page).toHaveURL(new RegExp(`/1002/lynk-wallet/payment-history/review/${id}$`));

  await page.goto('/1002/notifications/batch-payment');
  await page.getByRole('button', { name: 'Mark All As Read' }).click();
  await expect(page).toHaveURL(/sort=ASC/);
  await expect(page.getByTestId('notification-item').filter({ hasText: 'Unread' })).toHaveCount(0);
  await expect(bellOf(page)).toHaveAccessibleName('Notifications');
  await page.getByRole('button', { name: 'Mark All As Read' }).click();
  await expect(page).toHaveURL(/sort=DESC/);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.getByTestId('notification-item').first()).toBeVisible();
  await keepScreenshot(page, 'notifications-page-phone');
  await expectAccessible(page);
});

test('the settings page: Save only with changes, the unsaved-changes blocker, a whole-number threshold', async ({
  page,
}) => {
  await signInAs(page, USERS.adminMontego, '/1002/notifications/settings');
  await expect(page.getByRole('heading', { name: 'Notification Settings' })).toBeVisible();
  const save = page.getByRole('button', { name: 'Save' });
  const failure = page.getByRole('switch', { name: 'Batch payment failed' });
  await expect(failure).toBeChecked();
  await expect(save).toBeDisabled();
  await expectAccessible(page);
  await keepScreenshot(page, 'notification-settings');

  await failure.click();
  await expect(save).toBeEnabled();
  await page
    .getByRole('navigation', { name: 'Breadcrumbs' })
    .getByRole('link', { name: 'Notifications' })
    .click();
  const blocker = page.getByRole('dialog', { name: 'You have unsaved changes' });
  await expect(blocker.getByRole('button', { name: 'Discard Changes' })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, 'notification-settings-blocker');
  await blocker.getByRole('button', { name: 'Keep Editing' }).click();
  await expect(blocker).toBeHidden();
  await expect(page).toHaveURL(/\/1002\/notifications\/settings$/);
  await expect(failure).not.toBeChecked();

  // Saved: the switch stays off after a reload, and Save is disabled again.
  const saved = page.waitForResponse(
    (r) => r.request().method() === 'PUT' && r.url().endsWith('/api/profile/notifications-preferences'),
  );
  await save.click();
  expect((await saved).status()).toBe(200);
  await expect(save).toBeDisabled();
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Batch payment failed' })).not.toBeChecked();
  await page.getByRole('switch', { name: 'Batch payment failed' }).click();
  await page.getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('button', { name: 'Save' })).toBeDisabled();

  const threshold = page.getByRole('textbox', { name: 'Low balance threshold (J$)' });
  await threshold.fill('10.5');
  await expect(page.getByRole('alert')).toHaveText('The low balance threshold must be a whole number.');
  await page.setViewportSize({ width: 390, height: 844 });
  await keepScreenshot(page, 'notification-settings-phone');
  await page
    .getByRole('navigation', { name: 'Breadcrumbs' })
    .getByRole('link', { name: 'Dashboard' })
    .click();
  await page
    .getByRole('dialog', { name: 'You have unsaved changes' })
    .getByRole('button', { name: 'Discard Changes' })
    .click();
  await expect(page).toHaveURL(/\/1002\/lynk-wallet(\/orders)?$/);
});
