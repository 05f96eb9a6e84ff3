import { expect } from '@playwright/test';
import { expectAccessible, keepScreenshot, signInAs, test } from '../support/fixtures.ts';
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

test('the analytics page passes axe with its charts drawn, on a desktop and a phone, and for the chain', async ({
  page,
}) => {
  await signInAs(page, USERS.manager, '/1001/analytics?period=30d');
  await expect(page.getByRole('heading', { name: 'Analytics', exact: true })).toBeVisible();
  await expect(page.getByRole('table', { name: 'By channel' })).toBeVisible();
  // The charts are drawn once scrolled to (ADR 049).
  await page.mouse.wheel(0, 600);
  await expect(page.locator('svg.recharts-surface').first()).toBeVisible();
  await expectAccessible(page);

  await page.setViewportSize({ width: 375, height: 812 });
  await page.getByRole('button', { name: '7 days' }).click();
  await expect(page).toHaveURL(/period=7d/);
  await expect(page.getByRole('table', { name: 'By channel' })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, 'analytics-phone');

  await page.setViewportSize({ width: 1280, height: 800 });
  await page.context().clearCookies();
  await signInAs(page, USERS.superAdmin, '/analytics?period=30d');
  await expect(page.getByRole('heading', { name: 'Analytics of the chain' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'By branch' })).toBeVisible();
  await expectAccessible(page);
  await keepScreenshot(page, 'analytics-chain');
});
