import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from '@playwright/test';
import { signInAs } from '../support/fixtures.ts';
import { USERS } from '../support/demo-users.ts';

async function violations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  return results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

test('the sign-in page, the wallet dashboard and the transfer modal pass axe (WCAG 2.2 AA)', async ({
  page,
}) => {
  await page.goto('/1001/lynk-wallet');
  await expect(page.getByRole('heading', { name: 'Sign in' })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await signInAs(page, USERS.admin, '/1001/lynk-wallet/transfers-history');
  await expect(page.getByTestId('transfers-history-table').getByRole('row').nth(1)).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.getByRole('button', { name: 'Transfer' }).click();
  await expect(page.getByRole('dialog', { name: 'Transfer' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('the corporate view passes axe', async ({ page }) => {
  await signInAs(page, USERS.superAdmin);
  await expect(page.getByRole('table', { name: 'Branch Accounts' }).getByRole('row')).toHaveCount(4);
  expect(await violations(page)).toEqual([]);
});

test('the staff page, a notifications page, the bell dropdown and a pane not available yet pass axe', async ({
  page,
}) => {
  await signInAs(page, USERS.admin, '/1001/staff');
  await expect(page.getByRole('heading', { name: 'Staff', exact: true })).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.goto('/1001/notifications/all');
  await expect(page.getByRole('heading', { name: 'Notifications History' })).toBeVisible();
  await expect(page.getByText('Notifications are not available yet in this portal.')).toBeVisible();
  expect(await violations(page)).toEqual([]);

  await page.getByRole('banner').getByRole('button', { name: 'Notifications' }).click();
  await expect(
    page.getByTestId('notification-bell-dropdown').getByRole('link', { name: 'View All' }),
  ).toBeVisible();
  expect(await violations(page)).toEqual([]);
  await page.keyboard.press('Escape');

  await page.goto('/1001/lynk-wallet/refunds');
  await expect(page.getByText('Refunds are not available yet in this portal.')).toBeVisible();
  expect(await violations(page)).toEqual([]);
});

test('the Access Denied page passes axe', async ({ page }) => {
  await signInAs(page, USERS.noAccess);
  await expect(page.getByRole('heading', { level: 1, name: 'Access Denied' })).toBeVisible();
  expect(await violations(page)).toEqual([]);
});
