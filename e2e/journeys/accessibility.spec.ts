import { expect } from '@playwright/test';
import { expectAccessible, signInAs, test } from '../support/fixtures.ts';
import { USERS } from '../support/demo-users.ts';

test('the sign-in page, the wallet dashboard and the transfer modal pass axe (WCAG 2.2 AA)', async ({
  page,
}) => {
  await page.goto('/1001/lynk-wallet');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  await expectAccessible(page);

  await signInAs(page, USERS.admin, '/1001/lynk-wallet/transfers-history');
  await expect(page.getByTestId('transfers-history-table').getByRole('row').nth(1)).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Transfer' }).click();
  await expect(page.getByRole('dialog', { name: 'Transfer' })).toBeVisible();
  await expectAccessible(page);
});

test('the corporate view passes axe', async ({ page }) => {
  await signInAs(page, USERS.superAdmin);
  await expect(page.getByRole('table', { name: 'Branch Accounts' }).getByRole('row')).toHaveCount(4);
  await expectAccessible(page);
});

test('the staff page, a notifications page, the bell dropdown and the payment history pass axe', async ({
  page,
}) => {
  await signInAs(page, USERS.admin, '/1001/staff');
  await expect(page.getByRole('heading', { name: 'Staff', exact: true })).toBeVisible();
  await expectAccessible(page);

  await page.goto('/1001/notifications/all');
  await expect(page.getByRole('heading', { name: 'Notifications History' })).toBeVisible();
  await expect(
    page.getByTestId('notifications-pane-all').getByTestId('notification-item').first(),
  ).toBeVisible();
  await expectAccessible(page);

  await page.getByRole('banner').getByRole('button', { name: 'Notifications' }).click();
  await expect(
    page.getByTestId('notification-bell-dropdown').getByRole('link', { name: 'View All' }),
  ).toBeVisible();
  await expectAccessible(page);
  await page.keyboard.press('Escape');

  await page.goto('/1001/lynk-wallet/payment-history');
  await expect(page.getByRole('table', { name: 'Payment History' })).toBeVisible();
  await expectAccessible(page);
});

test('the Access Denied page passes axe', async ({ page }) => {
  await signInAs(page, USERS.noAccess);
  await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
  await expectAccessible(page);
});
